#pragma once
// The endgame tables as the engine sees them: a source of tablebase::Sets by
// material, which may load them as they are asked for (the game's files, src/engine/built_tables)
// or hold them in memory (tests). The search probes them; what they do not hold it searches as before.

#include <optional>
#include <string>

#include "../solve/tablebase.hpp"

namespace fetaix::engine {

class Tables {
public:
    virtual ~Tables() = default;
    // A set holding material m's table under these rules (loaded now if need be), or nothing when it
    // is not built. The set stays valid, and keeps m, until the next call with other rules.
    virtual const tablebase::Set* with(const Rules& rules, const tablebase::Material& m) = 0;
    // No position of more pieces is held (asking for one is then not worth a call).
    virtual int pieces(const Rules& rules) = 0;
    // Why tables that are there could not be used (a file refused), each reason once: the reasons
    // found since the last call, "; " between them, or nothing. The search goes on without them.
    virtual std::string take_problem() { return {}; }
};

// Tables already in memory, whatever the rules (the caller built them for the rules it plays).
class SetTables final : public Tables {
public:
    explicit SetTables(tablebase::Set set) : set_(std::move(set)) {
        for (const tablebase::Table& t : set_.tables())
            if (t.material.pieces() > pieces_) pieces_ = t.material.pieces();
    }
    const tablebase::Set* with(const Rules&, const tablebase::Material& m) override {
        return set_.find(m) || set_.find(tablebase::mirror(m)) ? &set_ : nullptr;  // the set probes through the mirror
    }
    int pieces(const Rules&) override { return pieces_; }

private:
    tablebase::Set set_;
    int pieces_ = 0;
};

// Whether a table's value holds in a game whose no-progress count stands at `quiet`: a win or loss in
// D plies ends the game within D plies however the loser defends, so with D <= limit - quiet the count
// never reaches the limit before the deciding move (which counts first, docs/rules.md). A draw holds.
inline bool holds(const tablebase::Value& v, const Rules& rules, int quiet) {
    return v.verdict == tablebase::Verdict::Draw || rules.no_progress <= 0 || v.distance <= rules.no_progress - quiet;
}

// "win in 17 plies (tablebase)", "loss in 1 ply (tablebase)", "draw (tablebase)": what analyze and the hint
// say; plies, as the tables count, since "in 17" alone reads as 17 numbered moves.
inline std::string table_verdict(const tablebase::Value& v) {
    if (v.verdict == tablebase::Verdict::Draw) return "draw (tablebase)";
    return concat(v.verdict == tablebase::Verdict::Win ? "win in " : "loss in ", v.distance,
                  v.distance == 1 ? " ply" : " plies", " (tablebase)");
}

// The value of p from the tables, or nothing when its material is not held.
inline std::optional<tablebase::Value> probe(Tables& tables, const Rules& rules, const Position& p) {
    if (!p.us()) return tablebase::Value{tablebase::Verdict::Loss, 0};
    if (!p.them() || popcount(p.occupied()) > tables.pieces(rules)) return std::nullopt;
    const tablebase::Set* set = tables.with(rules, tablebase::material_of(p));
    if (!set) return std::nullopt;
    return set->probe(p);
}

// The tables' move at p (tablebase::best_move: the shortest win, else a draw, else the longest
// defence), when p's material and every material its moves lead to are held.
inline std::optional<tablebase::Choice> table_move(Tables& tables, const Rules& rules, const Position& p) {
    if (!p.us() || !p.them() || popcount(p.occupied()) > tables.pieces(rules)) return std::nullopt;
    const tablebase::Set* set = tables.with(rules, tablebase::material_of(p));
    if (!set) return std::nullopt;
    for (const Move& m : legal_moves(p, rules)) {
        const Position q = p.after(m);
        if (q.us() && !(set = tables.with(rules, tablebase::material_of(q)))) return std::nullopt;
    }
    return tablebase::best_move(p, rules, *set);
}

}  // namespace fetaix::engine
