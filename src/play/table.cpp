#include "table.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

namespace fetaix::play {

Millis steady_millis() {
    return static_cast<Millis>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
}

int Table::listen(Listener listener) {
    listeners_.emplace_back(next_listener_, std::move(listener));
    return next_listener_++;
}

void Table::unlisten(int id) {
    std::erase_if(listeners_, [id](const auto& l) { return l.first == id; });
}

void Table::publish(const TableEvent& e) {
    ++revision_;
    // A copy: a listener may leave (or another come) while it hears the event.
    const auto listeners = listeners_;
    for (const auto& [id, listener] : listeners) listener(e);
}

Expected<Move> Table::play(const Move& m) {
    const Color mover = game_.position().side_to_move;
    auto played = game_.play(m);
    if (!played) return played;
    press_clock(mover);
    publish(TableEvent{TableEvent::Kind::Moved, mover, *played});
    return played;
}

void Table::moved(Color mover, const Move& m) {
    press_clock(mover);
    publish(TableEvent{TableEvent::Kind::Moved, mover, m});
}

bool Table::undo() {
    if (!game_.undo()) return false;
    restore_clock();
    publish(TableEvent{TableEvent::Kind::Stepped});
    return true;
}

bool Table::redo() {
    if (!game_.redo()) return false;
    restore_clock();
    publish(TableEvent{TableEvent::Kind::Stepped});
    return true;
}

void Table::resign(Color side) {
    game_.resign(side);
    publish(TableEvent{TableEvent::Kind::Ended, side});
}

void Table::agree_draw() {
    game_.agree_draw();
    publish(TableEvent{TableEvent::Kind::Ended});
}

void Table::begin(Game game, const Position& start, const GameRecord* record) {
    game_ = std::move(game);
    start_ = start;
    // A new game is not the record's: its Event, Site, Date and the like stay with the old one.
    record_tags_ = record ? record->tags : std::vector<Tag>{};
    record_comments_ = record ? record->comments : std::vector<std::string>{};
    record_moves_ = record ? record->moves : std::vector<Move>{};
    reset_clock(record);
    publish(TableEvent{TableEvent::Kind::Begun});
}

void Table::replaced(bool goes_on) { publish(TableEvent{TableEvent::Kind::Replaced, Color::White, Move{}, goes_on}); }

void Table::set_controls(std::optional<TimeControl> white, std::optional<TimeControl> black) {
    if (!white != !black) white = black = std::nullopt;  // both or neither
    given_white_ = white_control_ = white;
    given_black_ = black_control_ = black;
    reset_clock(nullptr);
}

void Table::reset_clock(const GameRecord* record) {
    clock_.reset();
    clock_paused_ = false;
    clock_warned_ = {};
    ClockReading reading;
    if (record && record->white_clock && record->black_clock) {
        clock_ = Clock(*record->white_clock, *record->black_clock);
        // A new game after it is played on the same clocks.
        white_control_ = *record->white_clock;
        black_control_ = *record->black_clock;
        // The Clock tag has the time within the turn; the last move's comment has its start.
        reading = record->clock_now
                      ? *record->clock_now
                      : game_.clock_at(game_.ply())
                            .value_or(ClockReading{record->white_clock->base, record->black_clock->base, {}});
        clock_paused_ = record->clock_paused;
    } else {
        // A record without clocks gets the given ones (the command line's, the settings'), and so does
        // a new game after it; a new game otherwise is played on the clocks of the game before.
        if (record) {
            white_control_ = given_white_;
            black_control_ = given_black_;
        }
        if (!white_control_ || !black_control_) return;
        clock_ = Clock(*white_control_, *black_control_);
        reading = ClockReading{white_control_->base, black_control_->base, {}};
        // A game without clocks of its own is timed from here on.
        if (!game_.clock_at(game_.ply())) game_.set_clock(reading);
    }
    // The side to move's clock runs, once the first move has been played.
    reading.running = game_.ply() > 0 && !game_.over() ? std::optional<Color>(game_.position().side_to_move)
                                                       : std::nullopt;
    clock_->set(reading, now());
}

void Table::press_clock(Color mover) {
    // Over the network the host presses them, as the move reaches it.
    if (!clock_ || timer_ != Timer::Here) return;
    const Millis t = now();
    clock_->press(mover, t);
    if (game_.over()) clock_->stop(t);
    game_.set_clock(clock_->reading(t));
}

void Table::set_timer(Timer timer) {
    timer_ = timer;
    if (timer == Timer::Here) return;
    clock_paused_ = false;
    if (clock_) clock_->resume(now());
}

void Table::restore_clock() {
    if (!clock_) return;
    const Millis t = now();
    ClockReading reading = game_.clock_at(game_.ply()).value_or(clock_->reading(t));
    reading.running = game_.ply() > 0 && !game_.over() ? std::optional<Color>(game_.position().side_to_move)
                                                       : std::nullopt;
    clock_->set(reading, t);
    clock_warned_ = {};
}

void Table::sync_clock(bool nobody_here) {
    // The host's own clocks run on whoever looks: its players are elsewhere.
    if (!clock_ || timer_ == Timer::Host) return;
    const Millis t = now();
    if (game_.over() && clock_->running()) clock_->stop(t);
    if (clock_paused_ || nobody_here) clock_->pause(t);
    else clock_->resume(t);
}

Table::Tick Table::tick(bool nobody_here) {
    Tick out;
    if (!clock_) return out;
    sync_clock(nobody_here);
    const Millis t = now();
    // Over the network the host decides a fall (its result comes as the game's).
    if (const auto side = clock_->fallen(t); side && !game_.over() && timer_ == Timer::Here) {
        game_.lose_on_time(*side);
        clock_->stop(t);
        out.running = true;
        out.fell = side;
        publish(TableEvent{TableEvent::Kind::Ended, *side});
        return out;
    }
    const auto side = clock_->running();
    if (!side || clock_->paused()) return out;
    out.running = true;
    const bool low = clock_->reading(t).of(*side) < clock_warning(*side);
    bool& warned = clock_warned_[*side == Color::White ? 0 : 1];
    if (low && !warned) out.warned = side;
    warned = low;
    return out;
}

std::optional<ClockReading> Table::clock_reading() const {
    if (!clock_) return std::nullopt;
    return clock_->reading(now());
}

std::optional<Millis> Table::clock_wait() const {
    if (!clock_ || game_.over()) return std::nullopt;
    // At zero over the network: the host's word on the fall is awaited on the socket, not by the clock.
    if (timer_ != Timer::Here && clock_->fallen(now())) return std::nullopt;
    return clock_->next_change(now());
}

int Table::think_ms(int untimed) const {
    if (!clock_) return untimed;
    const Color side = game_.position().side_to_move;
    return static_cast<int>(std::min<Millis>(think_budget(clock_->reading(now()).of(side), clock_->control(side)),
                                             3600000));
}

Millis Table::clock_warning(Color side) const {
    if (!clock_) return 0;
    // Twenty seconds, or a quarter of a short clock, so that a short game does not start warned.
    return std::min<Millis>(20000, clock_->control(side).base / 4);
}

std::vector<Tag> Table::tags() const {
    std::vector<Tag> out;
    // Who played goes after the record's Event, Site, Date and Round, as in PGN's seven-tag roster.
    std::size_t roster_end = 0;
    for (const Tag& t : record_tags_) {
        // Who played, and the clocks, are written from the game as it is now; the history's record of
        // it only to the autosave (autosave_tags).
        if (is_player_tag(t.name) || t.name == kTagTimeControl || t.name == kTagWhiteTimeControl ||
            t.name == kTagBlackTimeControl || t.name == kTagClock || t.name == kTagKept)
            continue;
        out.push_back(t);
        if (t.name == "Event" || t.name == "Site" || t.name == "Date" || t.name == "Round") roster_end = out.size();
    }
    if (std::none_of(out.begin(), out.end(), [](const Tag& t) { return t.name == "Event"; })) {
        out.insert(out.begin(), Tag{"Event", "fetaix game"});
        ++roster_end;
    }
    const std::vector<Tag> who = player_tags(players_);
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(roster_end), who.begin(), who.end());
    if (const auto& clock = clock_) {
        const TimeControl& white = clock->control(Color::White);
        const TimeControl& black = clock->control(Color::Black);
        if (white == black) {
            out.push_back(Tag{std::string(kTagTimeControl), time_control_tag(white)});
        } else {
            out.push_back(Tag{std::string(kTagWhiteTimeControl), time_control_tag(white)});
            out.push_back(Tag{std::string(kTagBlackTimeControl), time_control_tag(black)});
        }
        // Where the clocks stand now, within the turn: a game resumed goes on from there.
        out.push_back(Tag{std::string(kTagClock),
                          concat(format_clock_reading(*clock_reading()), clock_paused_ ? " paused" : "")});
    }
    return out;
}

std::vector<Tag> Table::autosave_tags() const {
    std::vector<Tag> out = tags();
    if (!history_.path.empty())
        out.push_back(Tag{std::string(kTagKept), history_.path.substr(history_.path.find_last_of('/') + 1)});
    return out;
}

std::string history_key(const Game& game) {
    std::string key = to_fen(game.start());
    for (const Move& m : game.moves()) key.append(" ").append(to_string(m));
    for (const Move& m : game.redo_line()) key.append(" ").append(to_string(m));
    if (game.over())
        key += concat(" result ", static_cast<int>(game.result().outcome), " ", static_cast<int>(game.result().reason));
    return key;
}

std::vector<std::string> Table::comments(const Game& game) const {
    std::vector<std::string> out;
    for (std::size_t ply = 0; ply < record_comments_.size() && ply <= game.ply(); ++ply) {
        if (ply > 0 && (ply > record_moves_.size() || !(game.move(ply) == record_moves_[ply - 1]))) break;
        out.push_back(record_comments_[ply]);
    }
    return out;
}

bool HistoryEntry::holds(const Game& game) const {
    const std::string key = history_key(game);
    return key == kept || (!game.over() && kept.rfind(key + " result ", 0) == 0);
}

void Table::restore(const Snapshot& s, bool nobody_here) {
    game_ = s.game;
    history_ = s.history;
    start_ = s.start;
    players_ = s.players;
    record_tags_ = s.record_tags;
    record_comments_ = s.record_comments;
    record_moves_ = s.record_moves;
    clock_ = s.clock;
    clock_paused_ = s.paused;
    if (clock_ && s.reading) clock_->set(*s.reading, now());
    sync_clock(nobody_here);
}

}  // namespace fetaix::play
