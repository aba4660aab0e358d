#pragma once
// The yes/no questions the game asks, and what each is about: one value set when a question is asked and
// read when it is answered. What an answer does is the controller's (it changes the game).

#include <functional>
#include <optional>
#include <string>

#include <fetaix/pdn.hpp>

namespace fetaix::front {

// A yes/no question on screen; the game waits for the answer.
enum class Question {
    None,
    NewGame,
    Resign,
    Quit,
    AcceptDraw,
    Resume,
    ReadOnly,
    ResumeUnsaved,
    Replace,
    OpenOther,
    Discard,
    AcceptTakeback,
    Asked
};

// What the question on screen is about.
struct Asking {
    std::optional<GameRecord> saved;   // Resume, ReadOnly, ResumeUnsaved: the saved game shown meanwhile
    std::optional<GameRecord> opened;  // OpenOther: the game read from a file, waiting for the answer
    std::string opened_name;           // OpenOther: that file's name, as the player gave it
    bool opened_at_start = false;      // OpenOther: the file named on the command line, not one opened with o
    std::string save_path;             // Replace: the file to replace
    std::string save_contents;         // Replace: what that file holds
    std::function<void()> discard;     // Discard: the replacement to make anyway
    std::function<void()> keep;        // Discard: what no does, when not just going on
    std::string text;                  // Asked: the question the program asks
    std::function<void(bool)> then;    // Asked: what its answer does
    Color offer_by = Color::White;     // AcceptDraw, AcceptTakeback over the network: who made the offer
};

}  // namespace fetaix::front
