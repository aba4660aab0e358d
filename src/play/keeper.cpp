#include "keeper.hpp"

namespace fetaix::play {

Keeper::Keeper(const Table& table, std::unique_ptr<store::Autosave> autosave, bool unsaved)
    : table_(table), autosave_(std::move(autosave)), unsaved_(unsaved), saved_revision_(table.revision()),
      saved_players_(player_tags(table.players())), saved_paused_(table.clock_paused()), saved_at_(table.now()) {}

std::optional<Keeper::Written> Keeper::save_if_changed(bool ending, bool always) {
    const bool clock_due = table_.clock() && (table_.clock_paused() != saved_paused_ || ending ||
                                              (table_.clock_wait() && table_.now() - saved_at_ >= 1000));
    std::vector<Tag> players = player_tags(table_.players());
    if (table_.revision() == saved_revision_ && players == saved_players_ && !clock_due && !always && !unsaved_)
        return std::nullopt;
    unsaved_ = false;
    saved_players_ = std::move(players);
    saved_paused_ = table_.clock_paused();
    saved_at_ = table_.now();
    saved_revision_ = table_.revision();
    Written written;
    written.problem = autosave_->save(table_.game(), table_.autosave_tags(), table_.comments());
    written.news = autosave_->take_news();
    return written;
}

}  // namespace fetaix::play
