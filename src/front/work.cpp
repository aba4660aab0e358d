#include "work.hpp"

#include <fetaix/engine/engine.hpp>

namespace fetaix::front {

play::Player* Work::player_of(Color side) const {
    switch (controller_.seat(side)) {
        case play::Seat::Computer: return &computer_;
        case play::Seat::Remote:
        case play::Seat::Keyboard: break;
    }
    return nullptr;
}

void Work::drop_stale() {
    if (working_ && controller_.revision() != revision_) {
        working_->cancel();
        working_ = nullptr;
        controller_.set_thinking("");
    }
    if (hinting_ && controller_.revision() != hint_revision_) {
        thinker_.cancel();
        hinting_ = false;
    }
    if (reviewer_.busy() && controller_.revision() != review_revision_) reviewer_.cancel();
}

void Work::start(bool hold) {
    if (controller_.take_hint_request()) {
        // Within a second, at full strength; asked only on a person's turn, so no move is being worked out.
        thinker_.start(controller_.game(), engine::kMaxLevel, controller_.players().seed, Controller::kHintMs);
        hinting_ = true;
        hint_revision_ = controller_.revision();
    }
    if (controller_.take_review_request()) {
        reviewer_.start(controller_.game(), controller_.review_ms());
        review_revision_ = controller_.revision();
    }
    if (controller_.take_review_stop()) reviewer_.stop();
    if (working_ || hinting_ || hold || !controller_.player_to_move() || controller_.clock_paused()) return;
    working_ = player_of(controller_.game().position().side_to_move);
    if (working_) {
        working_->start(controller_.game());
        revision_ = controller_.revision();
    }
}

int Work::wait_on(std::vector<pollfd>& sources, bool hold) const {
    int wait_ms = -1;
    if (working_ && !hold) {
        if (working_->fd() >= 0) sources.push_back({working_->fd(), POLLIN, 0});
        wait_ms = working_->timeout_ms();
    }
    if (hinting_) sources.push_back({thinker_.fd(), POLLIN, 0});
    if (reviewer_.busy()) sources.push_back({reviewer_.fd(), POLLIN, 0});
    return wait_ms;
}

Work::Done Work::take(const std::function<void(const Move&)>& play, bool hold) {
    Done done;
    if (working_) {
        controller_.set_thinking(working_->doing());
        if (auto move = hold ? std::nullopt : working_->take_move()) {
            done.mover = std::exchange(working_, nullptr);
            controller_.set_thinking("");
            play(*move);
        }
    }
    if (hinting_) {
        if (auto result = thinker_.take_result()) {
            controller_.show_hint(*result);
            hinting_ = false;
            done.hinted = true;
        }
    }
    if (reviewer_.busy()) {
        const play::Reviewer::Progress p = reviewer_.progress();
        done.review_news = controller_.review_progress() != std::pair(p.done, p.total);
        controller_.set_review_progress(p.done, p.total);
        if (auto review = reviewer_.take_result()) {
            controller_.finish_review(std::move(*review), reviewer_.take_tables_problem());
            done.reviewed = done.review_news = true;
        }
    }
    return done;
}

void Work::cancel() {
    if (working_) working_->cancel();
    working_ = nullptr;
    controller_.set_thinking("");
    thinker_.cancel();
    hinting_ = false;
    if (reviewer_.busy()) controller_.drop_review();
    reviewer_.cancel();
}

}  // namespace fetaix::front
