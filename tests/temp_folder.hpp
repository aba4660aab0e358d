#pragma once
// A fresh folder under /tmp for one test, removed with everything in it at the end.

#include <cstdlib>
#include <string>

#include <stdlib.h>

namespace fetaix::test {

struct TempFolder {
    std::string path;
    TempFolder() {
        char name[] = "/tmp/fetaix-test-XXXXXX";
        path = ::mkdtemp(name);
    }
    ~TempFolder() { std::system(("rm -rf '" + path + "'").c_str()); }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
};

}  // namespace fetaix::test
