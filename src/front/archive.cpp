#include "archive.hpp"

#include <algorithm>

namespace fetaix::front {

std::string Archive::record_of(const Game& game, const std::vector<Tag>& tags,
                               const std::vector<std::string>& comments) const {
    if (game.ply() == 0 && game.redo_line().empty()) return "";
    if (table_.history().holds(game) || kept_by_host_) return "";
    // Within what `fetaix games` and o read back; a record of moves alone over it is kept as it is.
    auto fitted = format_pdn_within(game, tags, true, kMaxRecordBytes, comments);
    return fitted ? std::move(fitted->text) : format_pdn(game, tags, true);
}

Expected<std::string> Archive::keep(const std::string& record, const Game& game, const std::string& replacing) {
    if (!open()) return Error{"there is no game history here"};
    auto kept = files_.archive(record, replacing);
    if (kept) table_.history().kept = play::history_key(game);
    return kept;
}

std::optional<std::string> Archive::keep_game_in_play() {
    if (!open()) return std::nullopt;
    const std::string record = record_of(table_.game(), table_.tags(), table_.comments());
    if (record.empty()) return std::nullopt;
    auto kept = keep(record, table_.game(), table_.history().path);
    if (!kept) return concat("Not kept in the game history: ", kept.error().message);
    table_.history().path = *kept;
    return std::nullopt;
}

bool Archive::holds_file(const std::string& path) const {
    if (path.empty() || !files_.history) return false;
    const std::vector<std::string> paths = files_.history();
    return std::find(paths.begin(), paths.end(), path) != paths.end();
}

std::string Archive::kept_record(const GameRecord& record) const {
    const std::string name = record.tag(kTagKept);
    if (name.empty() || name.find('/') != std::string::npos || !files_.history || !files_.read) return "";
    for (const std::string& path : files_.history()) {
        if (!path.ends_with(concat("/", name))) continue;
        // Still this game at another stage: the same start, and moves (redo lines included) of which
        // one begins the other. Anything else there is another game, never replaced.
        const Expected<GameRecord> kept = files_.read(path, nullptr);
        if (!kept || !(kept->start == record.start)) return "";
        std::vector<Move> ours = record.moves, theirs = kept->moves;
        ours.insert(ours.end(), record.redo.begin(), record.redo.end());
        theirs.insert(theirs.end(), kept->redo.begin(), kept->redo.end());
        const std::size_t n = std::min(ours.size(), theirs.size());
        return std::equal(ours.begin(), ours.begin() + static_cast<std::ptrdiff_t>(n), theirs.begin()) ? path : "";
    }
    return "";
}

}  // namespace fetaix::front
