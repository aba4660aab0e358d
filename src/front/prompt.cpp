#include "prompt.hpp"

#include <algorithm>

namespace fetaix::front {

PromptLine type_char(PromptLine line, char c, std::size_t limit) {
    if (line.text.size() >= limit) return line;
    line.text.insert(line.cursor, 1, c);
    ++line.cursor;
    return line;
}

PromptLine edit(PromptLine line, PromptEdit e) {
    std::string& t = line.text;
    std::size_t& at = line.cursor;
    switch (e) {
        case PromptEdit::Left: at -= at > 0 ? 1 : 0; break;
        case PromptEdit::Right: at += at < t.size() ? 1 : 0; break;
        case PromptEdit::Home: at = 0; break;
        case PromptEdit::End: at = t.size(); break;
        case PromptEdit::Erase:
            if (at > 0) t.erase(--at, 1);
            break;
        case PromptEdit::Delete:
            if (at < t.size()) t.erase(at, 1);
            break;
        case PromptEdit::CutToStart:
            t.erase(0, at);
            at = 0;
            break;
        case PromptEdit::CutWord: {
            // As a shell does: the spaces before the cursor, then the word before them.
            std::size_t from = at;
            while (from > 0 && t[from - 1] == ' ') --from;
            while (from > 0 && t[from - 1] != ' ') --from;
            t.erase(from, at - from);
            at = from;
            break;
        }
        case PromptEdit::Older:
        case PromptEdit::Newer:
        case PromptEdit::Complete: break;  // need the history or the legal moves
    }
    return line;
}

void PromptHistory::add(const std::string& entry) {
    if (!entry.empty() && (entries_.empty() || entries_.back() != entry)) entries_.push_back(entry);
    if (entries_.size() > kKept) entries_.erase(entries_.begin());
    restart();
}

PromptLine PromptHistory::step(const PromptLine& shown, PromptEdit direction) {
    if (direction == PromptEdit::Older) {
        if (position_ == 0) return shown;
        if (position_ == entries_.size()) draft_ = shown.text;
        return line_of(entries_[--position_]);
    }
    if (position_ >= entries_.size()) return shown;
    ++position_;
    return line_of(position_ == entries_.size() ? draft_ : entries_[position_]);
}

Completion complete_move(const PromptLine& line, const MoveList& legal) {
    const std::string typed = line.text.substr(0, line.cursor);
    std::vector<std::string> matches;
    for (const Move& m : legal) {
        std::string written = to_string(m);
        if (written.rfind(typed, 0) == 0 && std::find(matches.begin(), matches.end(), written) == matches.end())
            matches.push_back(std::move(written));
    }
    std::sort(matches.begin(), matches.end());
    Completion result{line, {}};
    if (matches.empty()) return result;
    // The longest beginning all the matches share.
    std::string common = matches.front();
    for (const std::string& m : matches) {
        std::size_t n = 0;
        while (n < common.size() && n < m.size() && common[n] == m[n]) ++n;
        common.resize(n);
    }
    result.line = {common + line.text.substr(line.cursor), common.size()};
    if (matches.size() > 1) result.choices = std::move(matches);
    return result;
}

void Prompt::open(PromptKind kind, std::string text, bool offered) {
    open_ = true;
    kind_ = kind;
    set_line(line_of(std::move(text)));
    offered_ = offered && !line_.text.empty();
    history_[static_cast<std::size_t>(kind)].restart();
}

void Prompt::close() {
    open_ = false;
    set_line({});
}

void Prompt::set_line(PromptLine line) {
    line.cursor = std::min(line.cursor, line.text.size());
    line_ = std::move(line);
    dropped_ = 0;
    offered_ = false;
}

std::size_t Prompt::type(char c) {
    if (offered_) set_line({});
    if (line_.text.size() >= kMaxPromptBytes) return ++dropped_;
    set_line(type_char(line_, c, kMaxPromptBytes));
    return 0;
}

void Prompt::edit(PromptEdit e) {
    offered_ = false;
    if (e == PromptEdit::Older || e == PromptEdit::Newer)
        set_line(history_[static_cast<std::size_t>(kind_)].step(line_, e));
    else if (e != PromptEdit::Complete) set_line(front::edit(line_, e));
}

std::string Prompt::enter() {
    history_[static_cast<std::size_t>(kind_)].add(line_.text);
    return line_.text;
}

}  // namespace fetaix::front
