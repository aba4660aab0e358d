// `fetaix check FILE.pdn`: every game of a record checked against the rules.

#include <memory>
#include <string>

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"
#include "cli/output.hpp"
#include "commands/commands.hpp"
#include "store/files.hpp"

namespace fetaix::commands {

namespace {

// "game N: M moves, RESULT (why)", with its clock when it had one.
std::string game_line(int number, const GameRecord& record) {
    const Game game = to_game(record);
    const GameResult r = game.result();
    const std::size_t moves = full_moves(record.start.side_to_move, record.moves.size());
    return concat("game ", number, ": ", moves, " move", moves == 1 ? "" : "s", ", ", result_token(r.outcome), " (",
                  r.outcome != Outcome::Ongoing ? describe(r.reason) : "unfinished", ")",
                  record.white_clock ? concat(", clock ", time_control_tag(*record.white_clock),
                                              *record.white_clock == *record.black_clock
                                                  ? std::string()
                                                  : concat(" and ", time_control_tag(*record.black_clock)))
                                     : std::string());
}

int run_check(const std::string& file) {
    auto text = store::read_record_file(file);
    if (!text) {
        cli::err(concat("fetaix: ", text.error().describe()));
        return 1;
    }
    auto records = parse_pdn(*text);
    if (!records) {
        cli::err(concat("fetaix: ", file, ": ", records.error().describe()));
        return 1;
    }
    int number = 0;
    for (const GameRecord& record : *records) {
        ++number;
        for (const std::string& note : record.notes) cli::out(concat("note: ", note));
        cli::out(game_line(number, record));
    }
    cli::out(concat(file, ": ", number, " game", number == 1 ? "" : "s", ", all moves legal"));
    return 0;
}

}  // namespace

Runner add_check(CLI::App& command) {
    auto file = std::make_shared<std::string>();
    command.add_option("FILE.pdn", *file, "the game record")->required()->type_name("");
    return [file](const Invocation& call) {
        if (cli::dashed_before_separator(call.argc, call.argv, *file)) return cli::unknown_option(*file, "check");
        return run_check(*file);
    };
}

}  // namespace fetaix::commands
