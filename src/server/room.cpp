#include "room.hpp"

#include <cstdlib>
#include <ctime>

namespace fetaix::server {

std::string clock_words(const std::optional<TimeControl>& clock) {
    if (!clock) return "untimed";
    const Millis minutes = clock->base / 60000, seconds = (clock->base / 1000) % 60;
    std::string base = seconds == 0
                           ? std::to_string(minutes)
                           : concat(std::to_string(minutes), ":", seconds < 10 ? "0" : "", std::to_string(seconds));
    if (clock->kind == Bonus::None) return concat(base, " min");
    const char sign = clock->kind == Bonus::Fischer ? '+' : clock->kind == Bonus::Delay ? 'd' : 'b';
    return concat(base, sign, std::to_string(clock->bonus / 1000));
}

namespace {

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm day{};
    gmtime_r(&now, &day);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &day);
    return text;
}

}  // namespace

Room::Room(int id, const GameTerms& terms, RoomSeat white, RoomSeat black)
    : id_(id), terms_(terms), white_(std::move(white)), black_(std::move(black)), game_(terms.rules), date_(today()) {}

std::string time_class(const std::optional<TimeControl>& clock) {
    if (!clock) return "untimed";
    const Millis estimate = clock->base + 40 * (clock->kind == Bonus::None ? 0 : clock->bonus);
    if (estimate < 3 * 60'000) return "bullet";
    if (estimate < 8 * 60'000) return "blitz";
    if (estimate < 25 * 60'000) return "rapid";
    return "classical";
}

std::string rules_key(const Rules& rules) {
    std::string key;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.get(rules) != s.get(Rules{})) key += concat(key.empty() ? "" : " ", s.tag, "=", switch_value(s, rules));
    return key.empty() ? std::string("standard") : key;
}

GameTerms Room::terms_of(const GameRecord& record) {
    GameTerms terms;
    terms.rules = record.rules;
    terms.clock = record.white_clock;
    terms.rated = false;
    for (const Tag& t : record.tags)
        if (t.name == "WhiteRating") terms.rated = true;
    return terms;
}

std::string Room::record() const {
    std::vector<Tag> tags{{"Event", "fetaix server"}, {"Date", date_}, {"White", white_.name}, {"Black", black_.name}};
    if (terms_.clock) tags.push_back({std::string(kTagTimeControl), time_control_tag(*terms_.clock)});
    if (white_.rating) tags.push_back({"WhiteRating", std::to_string(*white_.rating)});
    if (black_.rating) tags.push_back({"BlackRating", std::to_string(*black_.rating)});
    return format_pdn(game_, tags);
}

Room::~Room() = default;

Expected<std::unique_ptr<Room>> Room::open(int id, const GameTerms& terms, RoomSeat white, RoomSeat black,
                                           const std::string& folder, Keep keep, const GameRecord* resumed) {
    std::unique_ptr<Room> room(new Room(id, terms, std::move(white), std::move(black)));
    if (resumed) {
        room->game_ = to_game(*resumed);
        for (const Tag& t : resumed->tags) {
            if (t.name == "Date") room->date_ = t.value;
            if (t.name == "WhiteRating" || t.name == "BlackRating") {
                char* end = nullptr;
                const long value = std::strtol(t.value.c_str(), &end, 10);
                if (end != t.value.c_str() && *end == '\0' && value > 0 && value < 100000)
                    (t.name == "WhiteRating" ? room->white_ : room->black_).rating = static_cast<int>(value);
            }
        }
    }
    net::HostConfig config;
    config.game_name = concat("game-", id);
    config.socket_path = concat(folder, "/game-", id, ".sock");
    config.host_side = std::nullopt;
    config.white = room->white_.name;
    config.black = room->black_.name;
    config.white_token = room->white_.token;
    config.black_token = room->black_.token;
    config.white_clock = terms.clock;
    config.black_clock = terms.clock;
    // A resumed game's clocks go on from where they stood after its last move.
    if (terms.clock && room->game_.ply() > 0) config.clock_now = room->game_.clock_at(room->game_.ply());
    Room* self = room.get();
    config.keep = [self, keep = std::move(keep)](const Game& game) -> std::optional<std::string> {
        return keep(self->record(), game.over() ? std::string(result_token(game.result().outcome)) : std::string());
    };
    auto host = net::Host::start(std::move(config), room->game_, room->clock_);
    if (!host) return host.error();
    room->host_ = std::move(*host);
    return room;
}

const std::string& Room::socket() const { return host_->socket_path(); }

std::optional<Color> Room::side_of(std::int64_t player) const {
    if (white_.player == player) return Color::White;
    if (black_.player == player) return Color::Black;
    return std::nullopt;
}

std::size_t Room::watchers() const { return host_->watchers(); }

std::string Room::standing() const {
    if (game_.over()) return std::string(result_token(game_.result().outcome));
    const std::size_t moves = full_moves_before(game_.position().side_to_move, game_.ply());
    return concat(moves, moves == 1 ? " move, " : " moves, ", to_string(game_.position().side_to_move), " to move");
}

void Room::poll_fds(std::vector<pollfd>& fds) const { host_->poll_fds(fds); }

int Room::timeout_ms(net::TimePoint now) const { return host_->timeout_ms(now); }

bool Room::handle_ready(std::span<const pollfd> fds, net::TimePoint now) {
    const std::size_t watching = host_->watchers();
    host_->handle_ready(fds, now);
    bool changed = host_->watchers() != watching;
    for (const net::Event& e : host_->take_events())
        if (e.kind == net::EventKind::Moved || e.kind == net::EventKind::Result || e.kind == net::EventKind::Synced ||
            e.kind == net::EventKind::Joined || e.kind == net::EventKind::Left)
            changed = true;
    return changed;
}

}  // namespace fetaix::server
