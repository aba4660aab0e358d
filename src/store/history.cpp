#include "history.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <unistd.h>

#include "files.hpp"

namespace fetaix::store {

namespace {

// "20261130-141502-001.pdn": digits where digits belong, so that name order is time order.
bool history_name(std::string_view name) {
    constexpr std::string_view shape = "########-######-###.pdn";
    if (name.size() != shape.size()) return false;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const bool digit = name[i] >= '0' && name[i] <= '9';
        if (shape[i] == '#' ? !digit : name[i] != shape[i]) return false;
    }
    return true;
}

std::string plural(std::size_t n, std::string_view word) { return concat(n, " ", word, n == 1 ? "" : "s"); }

// Control characters shown as the screen shows them (^[ for ESC, ~E for U+0085): names come from
// record files, and a terminal must not obey them.
std::string printable(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) {
            out += '^';
            out += static_cast<char>(c ^ 0x40);
        } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            out += '~';
            out += static_cast<char>(static_cast<unsigned char>(text[++i]) - 0x40);
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace

std::string history_directory(const std::string& state_folder) { return state_folder + "/games"; }

Expected<std::string> archive_record(const std::string& folder, std::string_view text, std::time_t now,
                                     const std::string& replacing, std::size_t limit) {
    if (auto problem = make_directories(folder)) return Error{*problem};
    // The earlier record of this game goes once the new one is safe; a path elsewhere is no record of
    // the history's, and is never touched.
    const auto replace = [&](const std::string& kept) {
        const std::size_t slash = replacing.find_last_of('/');
        if (kept != replacing && slash != std::string::npos && replacing.substr(0, slash) == folder &&
            history_name(std::string_view(replacing).substr(slash + 1)))
            ::unlink(replacing.c_str());
        return kept;
    };
    // A game kept already (say, a saved game declined at every start) is not kept again: copies would
    // push other games out of the history.
    for (const std::string& kept : history_files(folder))
        if (auto same = read_record_file(kept); same && *same == text) return replace(kept);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    std::string path;
    for (int n = 1; n <= 999; ++n) {
        char name[48];
        std::snprintf(name, sizeof name, "%s-%03d.pdn", stamp, n);
        path = concat(folder, "/", name);
        if (inspect_path(path).kind != EntryKind::Missing) continue;
        if (auto problem = save_record_file(path, text, false)) {
            if (inspect_path(path).kind != EntryKind::Missing) continue;  // another fetaix took the name
            return Error{*problem};
        }
        replace(path);
        const std::vector<std::string> files = history_files(folder);
        for (std::size_t i = limit; i < files.size(); ++i) ::unlink(files[i].c_str());
        return path;
    }
    return Error{concat("cannot name a record in ", folder, ": 999 games archived in one second")};
}

std::vector<std::string> history_files(const std::string& folder, std::string* problem) {
    std::vector<std::string> names;
    if (DIR* dir = ::opendir(folder.c_str())) {
        while (const dirent* entry = ::readdir(dir))
            if (history_name(entry->d_name)) names.emplace_back(entry->d_name);
        ::closedir(dir);
    } else if (errno != ENOENT && problem != nullptr) {
        *problem = concat("cannot read ", folder, ": ", std::strerror(errno));
    }
    std::sort(names.begin(), names.end(), std::greater<>());
    for (std::string& name : names) name = concat(folder, "/", name);
    return names;
}

Expected<std::string> record_path(std::string_view name, const std::vector<std::string>& past) {
    if (!names_history_game(name)) return std::string(name);
    const std::string_view digits = name.substr(1);
    const bool number = !digits.empty() && digits.size() <= 6 &&
                        digits.find_first_not_of("0123456789") == std::string_view::npos;
    const std::size_t n = number ? std::stoul(std::string(digits)) : 0;
    if (n >= 1 && n <= past.size()) return past[n - 1];
    if (past.empty()) return Error{"the game history is empty"};
    if (number) return Error{concat("the game history has #1 to #", past.size())};
    return Error{concat("a game of the history is # and its number, #1 to #", past.size())};
}

std::size_t full_moves(const GameRecord& record) {
    return fetaix::full_moves(record.start.side_to_move, record.moves.size());
}

std::string record_players(const GameRecord& record) {
    // The computer as the game's screen names it ("computer, level 5"), not by the record's program name.
    const auto player = [&](const std::string& side) {
        const std::string level = record.tag(side + "Level");
        if (record.tag(side + "Type") == "program" && !level.empty()) return concat("computer, level ", level);
        const std::string name = record.tag(side);
        return name.empty() ? side : name;
    };
    return concat(player("White"), " - ", player("Black"));
}

PastGame read_past_game(const std::string& path) {
    PastGame g;
    g.path = path;
    const std::string name = path.substr(path.find_last_of('/') + 1);
    if (history_name(name))
        g.date = concat(name.substr(0, 4), "-", name.substr(4, 2), "-", name.substr(6, 2), " ", name.substr(9, 2), ":",
                        name.substr(11, 2));
    auto record = load_game_file(path);
    if (!record) {
        g.problem = record.error().describe();
        return g;
    }
    g.players = record_players(*record);
    const Game game = to_game(*record);
    const GameResult r = game.result();
    g.ongoing = r.outcome == Outcome::Ongoing;
    g.result = g.ongoing ? std::string("unfinished") : concat(result_token(r.outcome), " (", describe(r.reason), ")");
    g.rules = switch_phrases_differing(game.rules(), Rules{});
    g.moves = full_moves(*record);
    g.taken_back = record->redo.size();
    return g;
}

std::string past_moves_text(const PastGame& game) {
    const std::string moves = plural(game.moves, "move");
    return game.taken_back == 0
               ? moves
               : concat(moves, ", ", game.taken_back, game.taken_back == 1 ? " ply" : " plies", " taken back");
}

std::string format_past_game(std::size_t number, const PastGame& game, std::size_t number_width) {
    std::string tag = concat("#", number);
    if (tag.size() < number_width + 1) tag.resize(number_width + 1, ' ');
    if (!game.problem.empty()) return printable(concat(tag, "  ", game.date, "  unreadable: ", game.problem));
    const std::string rules = game.rules.empty() ? std::string() : concat("rules: ", game.rules, "  ");
    return printable(concat(tag, "  ", game.date, "  ", game.players, "  ", game.result, "  ", past_moves_text(game),
                            "  ", rules, game.path));
}

std::string describe_record_file(const std::string& path) {
    auto text = read_record_file(path);
    if (!text) return "not a game record";
    auto records = parse_pdn(*text);
    if (!records) return "not a game record";
    if (records->size() > 1) return concat("a record of ", records->size(), " games");
    return concat("a fetaix game, ", plural(full_moves(records->front()), "move"));
}

}  // namespace fetaix::store
