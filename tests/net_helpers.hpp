#pragma once
// Shared by the network tests: a temporary folder, and a session with the events it has reported.

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <stdlib.h>

#include "net/session.hpp"
#include "temp_folder.hpp"

namespace fetaix::net::test {

using fetaix::test::TempFolder;

// A session and the events it has reported so far.
struct Probe {
    Session* session;
    std::vector<Event> events;
    std::size_t count(EventKind kind) const {
        return static_cast<std::size_t>(std::count_if(events.begin(), events.end(),
                                                      [&](const Event& e) { return e.kind == kind; }));
    }
    const Event* last(EventKind kind) const {
        for (auto it = events.rbegin(); it != events.rend(); ++it)
            if (it->kind == kind) return &*it;
        return nullptr;
    }
};

}  // namespace fetaix::net::test
