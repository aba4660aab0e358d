#pragma once

namespace fetaix {
inline constexpr const char* kVersion = "0.1.0";
}
