// Runs a program on a pseudo-terminal of its own, as a terminal emulator would, and reports what it wrote
// and how it ended.
//   pty_run [STEP...] -- PROGRAM [ARGS...]
// Steps, in order:
//   wait=TEXT       until the program's output so far holds TEXT
//   wait-file=PATH  until the file PATH exists
//   send=TEXT       TEXT typed at the terminal (\r is Enter)
//   hangup          the terminal goes away: its master side is closed
// Each wait gives up after 10 seconds. The pty is not the program's controlling terminal, so a hangup
// sends it no SIGHUP: it sees only that its reads fail. After the steps the program has 10 seconds to
// end. Everything it wrote goes to stdout; the exit status is the program's, 124 if it did not end in
// time (it is then killed), 125 if a step failed.

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <string>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPatience = std::chrono::seconds(10);

int master = -1;
pid_t child = -1;
std::string output;
int status = -1;  // the program's wait status, once it has ended

// Reads what the program wrote, waiting at most `ms`; notes its end.
void pump(int ms) {
    if (master >= 0) {
        pollfd p{master, POLLIN, 0};
        if (poll(&p, 1, ms) == 1) {
            char buffer[4096];
            const ssize_t n = read(master, buffer, sizeof buffer);
            if (n > 0) output.append(buffer, static_cast<std::size_t>(n));
            else if (status >= 0) {  // all read: the program's side is closed
                close(master);
                master = -1;
            }
        }
    } else {
        usleep(static_cast<useconds_t>(ms) * 1000);
    }
    if (status < 0) {
        int s = 0;
        if (waitpid(child, &s, WNOHANG) == child) status = s;
    }
}

int finish(int code) {
    std::fwrite(output.data(), 1, output.size(), stdout);
    if (status < 0) {
        kill(child, SIGKILL);
        waitpid(child, nullptr, 0);
    }
    return code;
}

}  // namespace

int main(int argc, char** argv) {
    int split = 1;
    while (split < argc && std::strcmp(argv[split], "--") != 0) ++split;
    if (split + 1 >= argc) {
        std::fputs("usage: pty_run [wait=TEXT | wait-file=PATH | send=TEXT | hangup]... -- PROGRAM [ARGS...]\n",
                   stderr);
        return 2;
    }
    master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        std::perror("pty_run: posix_openpt");
        return 125;
    }
    const std::string slave = ptsname(master);
    winsize size{};
    size.ws_row = 24;
    size.ws_col = 80;
    ioctl(master, TIOCSWINSZ, &size);
    child = fork();
    if (child == 0) {
        setsid();  // a session without a controlling terminal: O_NOCTTY keeps it so
        const int fd = open(slave.c_str(), O_RDWR | O_NOCTTY);
        if (fd < 0) _exit(126);
        dup2(fd, 0);
        dup2(fd, 1);
        dup2(fd, 2);
        if (fd > 2) close(fd);
        close(master);
        execvp(argv[split + 1], argv + split + 1);
        _exit(127);
    }
    for (int i = 1; i < split; ++i) {
        const std::string step = argv[i];
        const auto deadline = Clock::now() + kPatience;
        if (step.rfind("wait=", 0) == 0) {
            const std::string text = step.substr(5);
            while (output.find(text) == std::string::npos) {
                if (Clock::now() > deadline || status >= 0) {
                    std::fprintf(stderr, "pty_run: '%s' never came\n", text.c_str());
                    return finish(125);
                }
                pump(20);
            }
        } else if (step.rfind("wait-file=", 0) == 0) {
            struct stat st {};
            while (stat(step.c_str() + 10, &st) != 0) {
                if (Clock::now() > deadline || status >= 0) {
                    std::fprintf(stderr, "pty_run: %s never appeared\n", step.c_str() + 10);
                    return finish(125);
                }
                pump(20);
            }
        } else if (step.rfind("send=", 0) == 0) {
            std::string text = step.substr(5);
            for (std::size_t at; (at = text.find("\\r")) != std::string::npos;) text.replace(at, 2, "\r");
            if (write(master, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
                std::perror("pty_run: write");
                return finish(125);
            }
        } else if (step == "hangup") {
            close(master);
            master = -1;
        } else {
            std::fprintf(stderr, "pty_run: unknown step '%s'\n", step.c_str());
            return finish(2);
        }
    }
    const auto deadline = Clock::now() + kPatience;
    while (status < 0 || master >= 0) {
        if (status < 0 && Clock::now() > deadline) {
            std::fputs("pty_run: the program did not end\n", stderr);
            return finish(124);
        }
        pump(20);
    }
    return finish(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}
