#pragma once
// The yes/no questions the game asks. The views and the keys look at which one is on screen; its words
// and what its answer does are set together when it is asked (Controller::put_question).

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

}  // namespace fetaix::front
