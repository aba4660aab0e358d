#include "learn/lessons.hpp"

#include <algorithm>

#include "store/files.hpp"

namespace fetaix::learn {

namespace {

constexpr Rules with_switches(bool backward, Promotion promotion, bool majority, int no_progress) {
    Rules r;
    r.backward_captures = backward;
    r.promotion = promotion;
    r.majority = majority;
    r.no_progress = no_progress;
    return r;
}
constexpr Rules kDefault = with_switches(false, Promotion::End, false, 50);

// The lessons: one a clause of docs/rules.md (its section named in the rule's text), then one a rule
// switch, each showing what the switch changes in the legal moves.
constexpr Lesson kLessons[] = {
    {.id = "steps",
     .title = "A man steps forward",
     .rule =
         "Fetaix is played on the 25 points of a 5x5 board, named like a chessboard: files a to e from "
         "White's left, ranks 1 to 5 from White's side. Pieces move only along the lines that join the "
         "points. Each side starts with 12 men: White's on ranks 1 and 2 and on d3 and e3, Black's on "
         "ranks 4 and 5 and on a3 and b3; the centre, c3, is the one empty point. White moves first. A man steps to a next empty point "
         "forward (toward the far rank: rank 5 for White, rank 1 for Black) or sideways, never backward: "
         "a man can never go back, so every step forward is for good.",
     .fen = "W:Wc2:Be5",
     .rules = kDefault,
     .before = "",
     .task = "You are White. Step the man on c2 forward, to c3.",
     .goal = Goal::OneOf,
     .count = 0,
     .moves = "c2-c3",
     .miss = "That step is legal (sideways), but the task is forward: to c3.",
     .hint = "Forward for White is up, toward rank 5.",
     .solution = "c2-c3",
     .done = "Well done: the man stepped forward. It can never come back to c2."},
    {.id = "diagonals",
     .title = "Diagonal lines",
     .rule = "Every point joins its neighbours across and up and down. Every other point (a1, c1, e1, b2, d2, "
             "a3, c3, e3, b4, d4, a5, c5, e5) also has diagonal lines. A man on such a point may also step "
             "diagonally forward. From a point without diagonals (like c2) there is no diagonal move.",
     .fen = "W:Wb2:Be5",
     .rules = kDefault,
     .before = "",
     .task = "Step the man on b2 diagonally forward (to a3 or c3).",
     .goal = Goal::OneOf,
     .count = 0,
     .moves = "b2-a3 b2-c3",
     .miss = "That step is legal, but not diagonal: go to a3 or c3.",
     .hint = "b2 has diagonal lines: follow one up the board.",
     .solution = "b2-c3",
     .done = "Right: a diagonal step forward."},
    {.id = "capture",
     .title = "The short capture",
     .rule = "A man captures by leaping over an enemy piece next to it, along a line, to the empty point just "
             "beyond, forward, diagonally forward or sideways. The piece jumped leaves the board. A capture is "
             "written with x: c2xc4.",
     .fen = "W:Wc2:Bc3,e5",
     .rules = kDefault,
     .before = "",
     .task = "Capture the black man on c3.",
     .goal = Goal::Captures,
     .count = 1,
     .moves = "",
     .miss = "That does not capture: jump over c3.",
     .hint = "Jump from c2 over c3 to the empty point beyond it.",
     .solution = "c2xc4",
     .done = "Captured: the black man on c3 is gone."},
    {.id = "compulsory",
     .title = "Capture is compulsory",
     .rule = "If any capture is possible, you must capture: a step is refused while one of your pieces can "
             "capture. When several captures are possible you choose which one.",
     .fen = "W:Wa2,d2:Ba5,d3",
     .rules = kDefault,
     .before = "",
     .task = "One of your men must capture. Find it and capture.",
     .goal = Goal::Captures,
     .count = 1,
     .moves = "",
     .miss = "You must capture.",
     .hint = "Look at the man on d2 and what stands in front of it.",
     .solution = "d2xd4",
     .done = "Right: when a capture is there, it must be taken."},
    {.id = "on-and-on",
     .title = "Capturing on and on",
     .rule = "After each jump the piece must go on capturing if it can, in the same move: one move can take "
             "many pieces. Each piece taken leaves the board at once. The move is written with every landing "
             "point: c1xc3xe3. You need only type or pick the first jump: when the capture can go on only "
             "one way, the rest is played for you.",
     .fen = "W:Wc1:Ba5,c2,d3,e4",
     .rules = kDefault,
     .before = "",
     .task = "Take three pieces in one move.",
     .goal = Goal::Captures,
     .count = 3,
     .moves = "",
     .miss = "Go on capturing: take three.",
     .hint = "Jump c2 first, then look sideways, then forward.",
     .solution = "c1xc3xe3xe5",
     .done = "Three pieces in one move. It also ended on the far rank: the man became a mullah."},
    {.id = "promotion",
     .title = "Promotion to mullah",
     .rule = "A man that ends its move on its far rank (rank 5 for White, rank 1 for Black) becomes a mullah, "
             "the game's king. The board shows a mullah with its own sign.",
     .fen = "W:Wb4:Bd2",
     .rules = kDefault,
     .before = "",
     .task = "Make your man a mullah.",
     .goal = Goal::Promotes,
     .count = 0,
     .moves = "",
     .miss = "That move does not reach the far rank, rank 5.",
     .hint = "Rank 5 is one step away: straight or diagonal.",
     .solution = "b4-b5",
     .done = "Promoted: your man is a mullah now."},
    {.id = "flight",
     .title = "The mullah flies",
     .rule = "A mullah moves any number of empty points along any line, forward or backward, and stops where "
             "it likes, like a king in international draughts. It cannot pass over a piece without capturing.",
     .fen = "W:WKa1:Bb4",
     .rules = kDefault,
     .before = "",
     .task = "Fly the mullah from a1 to e5 in one move.",
     .goal = Goal::OneOf,
     .count = 0,
     .moves = "a1-e5",
     .miss = "That flight is legal, but the task is a1 to e5 in one move.",
     .hint = "The diagonal from a1 runs through b2, c3 and d4 to e5.",
     .solution = "a1-e5",
     .done = "Flown across the whole board in one move."},
    {.id = "long-capture",
     .title = "The mullah's long capture",
     .rule = "A mullah captures from afar: along a line, over any number of empty points, over exactly one "
             "enemy piece, landing on any empty point beyond it. It never jumps its own pieces, nor two pieces "
             "at once. Its capture is compulsory too.",
     .fen = "W:WKa1:Bb4,d4",
     .rules = kDefault,
     .before = "",
     .task = "Capture the piece on d4 with your mullah.",
     .goal = Goal::Captures,
     .count = 1,
     .moves = "",
     .miss = "Capture d4.",
     .hint = "Along the diagonal from a1: land beyond d4.",
     .solution = "a1xe5",
     .done = "A long capture: from a1 over d4 to e5."},
    {.id = "landing",
     .title = "The mullah's landing rule",
     .rule = "When a mullah jumps a piece and some landing points beyond it let it go on capturing, it must "
             "land on one of those. The rule looks only at the landing points of that one jump; it never asks "
             "for the longest sequence.",
     .fen = "W:WKa1:Ba5,c3,d2",
     .rules = kDefault,
     .before = "",
     .task = "Capture c3, landing where the mullah can capture again, and go on.",
     .goal = Goal::Captures,
     .count = 2,
     .moves = "",
     .miss = "Land where the mullah can go on capturing.",
     .hint = "Beyond c3 are d4 and e5: from which can the mullah capture again?",
     .solution = "a1xd4xd1",
     .done = "Right: landing on d4 let the mullah take d2 as well."},
    {.id = "removal",
     .title = "A piece taken leaves at once",
     .rule = "A piece captured leaves the board at once, in the middle of the move: a later jump of the same "
             "move may cross the point where it stood, or land there. The capturing piece's own start point is "
             "empty from its first jump on.",
     .fen = "W:WKd5:BKb1,b2,d4",
     .rules = kDefault,
     .before = "",
     .task = "Take all three black pieces in one move.",
     .goal = Goal::Captures,
     .count = 3,
     .moves = "",
     .miss = "That takes two: find the way that takes all three.",
     .hint = "Go down to d1 first; the last jump may cross d4, where the first piece stood.",
     .solution = "d5xd1xa1xd4",
     .done = "All three: the piece taken on d4 had left at once, so the last jump could use its point."},
    {.id = "promotion-end",
     .title = "Reaching the far rank in a capture",
     .rule = "A man that reaches its far rank in the middle of a capture stays a man until the move ends and "
             "goes on capturing as a man (sideways, never backward). It is crowned if the move ends on the far "
             "rank. (The promotion switch changes this: see its lessons.)",
     .fen = "W:Wa3:Ba4,b5,d2",
     .rules = kDefault,
     .before = "",
     .task = "Take both a4 and b5 in one move.",
     .goal = Goal::Captures,
     .count = 2,
     .moves = "",
     .miss = "Take both pieces.",
     .hint = "Jump a4 to the far rank, then go on sideways as a man.",
     .solution = "a3xa5xc5",
     .done = "Two pieces, and the move ended on rank 5: now it is a mullah."},
    {.id = "win",
     .title = "Winning: capture every piece",
     .rule = "Capturing every enemy piece wins the game. A player may also resign.",
     .fen = "W:Wb2:Bb3",
     .rules = kDefault,
     .before = "",
     .task = "Win the game with this move.",
     .goal = Goal::Wins,
     .count = 0,
     .moves = "",
     .miss = "That does not win.",
     .hint = "Black has one piece left.",
     .solution = "b2xb4",
     .done = "White wins: Black has no piece left."},
    {.id = "no-move",
     .title = "Winning: no legal move",
     .rule = "A side that has pieces but no legal move on its turn loses the game. Black's men go down the "
             "board, toward rank 1, and never back.",
     .fen = "W:Wa1,a3,b1,c2:Ba2",
     .rules = kDefault,
     .before = "",
     .task = "Leave the black man on a2 without a legal move.",
     .goal = Goal::Wins,
     .count = 0,
     .moves = "",
     .miss = "Black can still move.",
     .hint = "Where can the man on a2 go? Take that point away.",
     .solution = "b1-b2",
     .done = "Black cannot move, and loses: White wins."},
    {.id = "repetition",
     .title = "Draw: the same position three times",
     .rule = "When the same position, with the same side to move, comes for the third time, the game is a "
             "draw. Here both mullahs have gone back and forth: the position you can bring back has stood "
             "twice already. The players may also agree a draw.",
     .fen = "B:WKa1:BKe5",
     .rules = kDefault,
     .before = "e5-e4 a1-a2 e4-e5 a2-a1 e5-e4 a1-a2 e4-e5",
     .task = "Bring back the position for the third time: a draw.",
     .goal = Goal::Draws,
     .count = 0,
     .moves = "",
     .miss = "Legal, but that position has not stood twice before: the game goes on.",
     .hint = "Where did your mullah stand at the start?",
     .solution = "a2-a1",
     .done = "Draw by threefold repetition."},
    {.id = "no-progress",
     .title = "Draw: no progress",
     .rule = "When a set number of plies (moves of either side; 50 unless the no-progress switch says "
             "otherwise) pass without a capture and without a man moving, the game is a draw. A man's "
             "move or a capture starts the count again. Here no-progress is 4, and 3 plies have passed.",
     .fen = "B:WKa1,c2:BKe5",
     .rules = with_switches(false, Promotion::End, false, 4),
     .before = "e5-e4 a1-a2 e4-e5",
     .task = "Make the fourth ply without progress: a draw.",
     .goal = Goal::Draws,
     .count = 0,
     .moves = "",
     .miss = "A man's move starts the count again: move the mullah.",
     .hint = "Move the mullah, not the man.",
     .solution = "a2-a3",
     .done = "Draw: no progress in 4 plies. With no-progress 0 this rule is off."},
    {.id = "backward-captures",
     .title = "Switch: backward-captures",
     .rule = "Four rule switches change the game; every game record keeps them. With backward-captures on, "
             "men may also capture backward, straight or diagonally (they still never step backward). It is "
             "off by default: then this man could not capture.",
     .fen = "W:Wc3:Bc2,e5",
     .rules = with_switches(true, Promotion::End, false, 50),
     .before = "",
     .task = "backward-captures is on: capture backward.",
     .goal = Goal::Captures,
     .count = 1,
     .moves = "",
     .miss = "Capture backward.",
     .hint = "Jump c2, toward your own side.",
     .solution = "c3xc1",
     .done = "A backward capture, legal only with backward-captures on."},
    {.id = "promotion-immediate",
     .title = "Switch: promotion immediate",
     .rule = "With promotion immediate, a man reaching its far rank in the middle of a capture becomes a "
             "mullah on landing and goes on capturing as a mullah, even backward and from afar. By default "
             "(promotion end) it would stop on a5, a man.",
     .fen = "W:Wa3:Ba4,c4,d2",
     .rules = with_switches(false, Promotion::Immediate, false, 50),
     .before = "",
     .task = "promotion is immediate: take two pieces in one move.",
     .goal = Goal::Captures,
     .count = 2,
     .moves = "",
     .miss = "Take two.",
     .hint = "Reach a5, crowned at once, then capture along the diagonal.",
     .solution = "a3xa5xe1",
     .done = "Crowned on a5, the mullah went on to take d2."},
    {.id = "promotion-stop",
     .title = "Switch: promotion stop",
     .rule = "With promotion stop, a man reaching its far rank in a capture becomes a mullah and the move ends "
             "there, even if it could capture more. By default (promotion end) this man would go on to take b5 "
             "as well.",
     .fen = "W:Wa3:Ba4,b5,d2",
     .rules = with_switches(false, Promotion::Stop, false, 50),
     .before = "",
     .task = "promotion is stop: capture, and end on the far rank.",
     .goal = Goal::OneOf,
     .count = 0,
     .moves = "a3xa5",
     .miss = "Capture a4.",
     .hint = "Jump a4: the capture ends where the man is crowned.",
     .solution = "a3xa5",
     .done = "Crowned on a5, and the move ended there."},
    {.id = "majority",
     .title = "Switch: majority",
     .rule = "With majority on, only the captures that take the most pieces are legal. It is off by default: "
             "then you may choose any capture.",
     .fen = "W:Wa1,e1:Ba2,e2,e4",
     .rules = with_switches(false, Promotion::End, true, 50),
     .before = "",
     .task = "majority is on: make the capture that is legal.",
     .goal = Goal::Captures,
     .count = 2,
     .moves = "",
     .miss = "Take the most pieces.",
     .hint = "Count the pieces each capture takes.",
     .solution = "e1xe3xe5",
     .done = "Right: two pieces, the most there were."},
};

bool is_goal(const Lesson& l, const Game& before, const Move& m) {
    switch (l.goal) {
        case Goal::OneOf: {
            const std::string text = to_string(m);
            std::string_view rest = l.moves;
            while (!rest.empty()) {
                const std::size_t space = rest.find(' ');
                if (rest.substr(0, space) == text) return true;
                rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
            }
            return false;
        }
        case Goal::Captures: return m.capture_count() >= l.count;
        case Goal::Promotes: return m.promotes;
        case Goal::Wins:
        case Goal::Draws: {
            Game after = before;
            if (!after.play(m)) return false;
            const Outcome o = after.result().outcome;
            if (l.goal == Goal::Draws) return o == Outcome::Draw;
            return o == (before.position().side_to_move == Color::White ? Outcome::WhiteWins : Outcome::BlackWins);
        }
    }
    return false;
}

}  // namespace

std::span<const Lesson> lessons() { return kLessons; }

Game lesson_game(const Lesson& lesson) {
    auto pos = parse_fen(lesson.fen);
    Game g(lesson.rules, pos ? *pos : start_position());
    std::string_view rest = lesson.before;
    while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        (void)g.play(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    return g;
}

Answer judge(const Lesson& lesson, const Move& move) {
    const Game g = lesson_game(lesson);
    if (is_goal(lesson, g, move)) return Answer{Answer::Kind::Done, std::string(lesson.done), move};
    // A move that does not win is answered with what the other side can still do after it, from the
    // position itself (a fixed sentence would name a reply the move may have changed).
    if (lesson.goal == Goal::Wins) {
        Game after = g;
        if (after.play(move) && !after.over()) {
            const MoveList replies = legal_moves(after.position(), after.rules());
            std::string listed;
            for (std::size_t i = 0; i < replies.size() && i < 3; ++i)
                listed += concat(i == 0                              ? ""
                                 : i + 1 == replies.size() || i == 2 ? " or "
                                                                     : ", ",
                                 to_string(replies[i]));
            return Answer{Answer::Kind::Missed,
                          concat(to_string(move), ": ", to_string(after.position().side_to_move), " can still move (",
                                 listed, replies.size() > 3 ? ", ..." : "", "): that does not win yet."),
                          move};
        }
    }
    return Answer{Answer::Kind::Missed, concat(to_string(move), ": ", lesson.miss), move};
}

Answer judge_typed(const Lesson& lesson, std::string_view text) {
    std::string lowered(text);
    for (char& ch : lowered) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const Game g = lesson_game(lesson);
    auto move = parse_move(lowered, g.position(), g.rules());
    if (!move) return Answer{Answer::Kind::Refused, concat(text, ": ", move.error().message), std::nullopt};
    return judge(lesson, *move);
}

int Progress::done_count() const { return static_cast<int>(std::count(done.begin(), done.end(), true)); }

std::size_t Progress::next_after(std::size_t from) const {
    for (std::size_t i = from + 1; i < done.size(); ++i)
        if (!done[i]) return i;
    for (std::size_t i = 0; i < done.size(); ++i)
        if (!done[i]) return i;
    return from;
}

// The file: "fetaix learn 1", then "at ID" and one "done ID" a lesson done.
std::string format_progress(const Progress& p) {
    std::string out = "fetaix learn 1\n";
    out += concat("at ", lessons()[std::min(p.current, lessons().size() - 1)].id, "\n");
    for (std::size_t i = 0; i < lessons().size(); ++i)
        if (p.done[i]) out += concat("done ", lessons()[i].id, "\n");
    return out;
}

Expected<Progress> parse_progress(std::string_view text) {
    const auto index_of = [](std::string_view id) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < lessons().size(); ++i)
            if (lessons()[i].id == id) return i;
        return std::nullopt;
    };
    Progress p;
    int line_number = 0;
    bool header = false;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (!header) {
            if (line != "fetaix learn 1") return Error{"it does not start with 'fetaix learn 1'"};
            header = true;
            continue;
        }
        if (line.empty()) continue;
        const bool at = line.starts_with("at "), done = line.starts_with("done ");
        if (!at && !done) return Error{concat("line ", line_number, " is neither 'at LESSON' nor 'done LESSON'")};
        const auto i = index_of(line.substr(at ? 3 : 5));
        if (!i) return Error{concat("line ", line_number, " names no lesson")};
        if (at) p.current = *i;
        else p.done[*i] = true;
    }
    if (!header) return Error{"it is empty"};
    return p;
}

std::string progress_path(const std::string& state_folder) { return concat(state_folder, "/learn.txt"); }

ProgressRead read_progress(const std::string& state_folder) {
    const std::string path = progress_path(state_folder);
    const auto text = store::read_kept_file(path, store::TextFileKind{4096, "the lessons' progress", "4 KiB", false});
    if (!text) return {Progress{}, text.error().describe()};
    if (!*text) return {};
    auto parsed = parse_progress(**text);
    if (!parsed) return {Progress{}, concat(path, ": ", parsed.error().describe())};
    return {*parsed, ""};
}

std::optional<std::string> write_progress(const std::string& state_folder, const Progress& p) {
    return store::write_kept_file(state_folder, progress_path(state_folder), format_progress(p));
}

std::vector<std::string> wrap(std::string_view text, int width) {
    std::vector<std::string> lines;
    std::string line;
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        const std::string_view word = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
        if (word.empty()) continue;
        if (!line.empty() && static_cast<int>(line.size() + 1 + word.size()) > width) {
            lines.push_back(std::move(line));
            line.clear();
        }
        line += line.empty() ? std::string(word) : concat(" ", word);
    }
    if (!line.empty()) lines.push_back(std::move(line));
    return lines;
}

}  // namespace fetaix::learn

namespace fetaix::learn {

Course::Course(std::string state_folder) : folder_(std::move(state_folder)) {
    if (folder_.empty()) return;
    ProgressRead read = read_progress(folder_);
    progress_ = std::move(read.progress);
    if (!read.problem.empty())
        problem_ = concat("The lessons' progress could not be read (", read.problem,
                          "): starting over; the file is replaced as you go on.");
}

void Course::open(std::size_t i) {
    progress_.current = std::min(i, lessons().size() - 1);
    solved_ = false;
    hints_ = 0;
    save();
}

void Course::next() {
    open(progress_.done_count() == static_cast<int>(lessons().size()) ? (progress_.current + 1) % lessons().size()
                                                                      : progress_.next_after(progress_.current));
}

std::string Course::hint() {
    const int shown = hints_;
    hints_ = std::min(hints_ + 1, 2);
    if (shown == 0) return concat("Hint: ", lesson().hint);
    return concat("The answer: ", lesson().solution, ".");
}

Answer Course::after(Answer a) {
    if (a.kind == Answer::Kind::Done) {
        solved_ = true;
        progress_.done[progress_.current] = true;
        save();
    }
    return a;
}

Answer Course::answer(const Move& m) { return after(judge(lesson(), m)); }

Answer Course::answer_typed(std::string_view text) { return after(judge_typed(lesson(), text)); }

void Course::save() {
    if (folder_.empty()) return;
    if (auto problem = write_progress(folder_, progress_))
        problem_ = concat("The lessons' progress was not kept: ", *problem);
}

}  // namespace fetaix::learn
