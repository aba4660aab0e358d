#include "commands/help.hpp"

#include <fetaix/fetaix.hpp>

namespace fetaix::commands {

namespace {

// Each command's usage and what it does: the overview (fetaix --help) lists them all, and each
// command's own help (fetaix COMMAND --help) starts with its own. Lines fit 80 columns.
constexpr CommandText kCommands[] = {
    {"",
     "fetaix [FILE.pdn] [--resume | --new] [--white NAME|ai[:LEVEL]]\n"
     "       [--black NAME|ai[:LEVEL]] [--time SECONDS] [--seed N] [--fen FEN]\n"
     "       [--clock SPEC] [RULES] [--ascii] [--auto-flip] [--theme NAME]\n"
     "       [--bell] [--screen-reader]",
     "Play a game in the terminal, two players at one keyboard (? shows the\n"
     "keys). The game is autosaved after every change in\n"
     "$XDG_STATE_HOME/fetaix/autosave.pdn (~/.local/state/fetaix/ by default);\n"
     "an unfinished one is offered at start. Finished and abandoned games are\n"
     "kept in $XDG_STATE_HOME/fetaix/games/ (the last 500); o opens #N from\n"
     "there. s asks before replacing a file, and refuses folders, FIFOs,\n"
     "sockets, devices and symbolic links. A file named like a command, or\n"
     "starting with -, is given as ./perft or after --: fetaix -- perft.\n"
     "Defaults come from the settings file: see fetaix config."},
    {"perft", "fetaix perft DEPTH [--fen FEN] [RULES] [--divide]",
     "Count the move paths of each length 1..DEPTH (1..30) and time them.\n"
     "Prints 'depth=D nodes=N time=SECONDS nps=NODES_PER_SECOND' per depth;\n"
     "--divide first prints each legal move with its count at DEPTH."},
    {"replay", "fetaix replay FILE.pdn [--ascii]",
     "Step through a saved game ([ ] or arrows, Home, End), changing nothing."},
    {"host", "fetaix host [NAME] [--as white|black|random] [--shared] [--resume]\n       [--name PLAYER] [--clock SPEC] [RULES]",
     "Host a game (named fetaix unless NAME is given) that another terminal\n"
     "joins; its screen shows the command to join and to watch. --as picks\n"
     "the host's side (default white). --shared lets other users of this\n"
     "machine in, with a join code and a watch code shown on the host's screen.\n"
     "--resume hosts the autosaved game again after the host was ended.\n"
     "--clock (or --white-clock and --black-clock) times the game: the host's\n"
     "clock decides, and a disconnected player's clock keeps running."},
    {"join", "fetaix join [NAME] [--code CODE] [--name PLAYER]",
     "Take the free seat of a hosted game, or take your seat back after your\n"
     "terminal closed (a seat token is kept in the state folder). A shared\n"
     "game's code: --code-file FILE, FETAIX_CODE, or typed when asked."},
    {"watch", "fetaix watch [NAME] [--code CODE] [--name PLAYER]",
     "Follow a hosted game without playing; [ ] browse its moves, c chats\n"
     "with the other watchers. A shared game's code: --code-file FILE,\n"
     "FETAIX_CODE, or typed when asked."},
    {"hosts", "fetaix hosts", "List the games hosted on this machine: players, turn, watchers."},
    {"games", "fetaix games",
     "List the game history, newest first: #N, date, players, result, moves\n"
     "(as numbered in the move list) and the record file."},
    {"check", "fetaix check FILE.pdn",
     "Check every game of a record against the rules: print each result, or\n"
     "the first error with its line and column (exit status 1)."},
    {"analyze", "fetaix analyze [--fen FEN] [--time SECONDS | --depth N] [RULES]",
     "Search a position; print depth, score, nodes, nps and the principal\n"
     "variation for each completed depth, then the best move (default\n"
     "--time 5)."},
    {"match",
     "fetaix match --a LEVEL --b LEVEL --games N [--seed S] [--opening PLIES]\n"
     "       [--jobs J] [--clock SPEC] [RULES]",
     "Play engine levels (1 to 8) against each other from balanced openings of\n"
     "PLIES random plies (default 10), each with both colours, J games at\n"
     "once; print wins, draws, losses and A's score with a 95% margin."},
    {"bench",
     "fetaix bench [RULES] [--quick]\n"
     "fetaix bench --search [--time SECONDS]\n"
     "fetaix bench --records [--write FOLDER]",
     "Run the fixed perft workloads and print nodes per second for each;\n"
     "--quick runs them 4 plies shallower. --search instead searches the start\n"
     "and three middle games for SECONDS each (default 1) and prints the depth\n"
     "completed and nodes per second. --records builds the heaviest game\n"
     "records of at most 1 MiB and times checking each; --write also saves\n"
     "them in FOLDER."},
    {"tablebase",
     "fetaix tablebase build [--pieces N] [RULES]\n"
     "fetaix tablebase probe FEN [RULES]\n"
     "fetaix tablebase verify [RULES]\n"
     "fetaix tablebase stats [RULES]\n"
     "fetaix tablebase quiet [RULES]",
     "Endgame tables (docs/endgames.md): build solves every position of up to\n"
     "N pieces (2 to 7, default 6) into $XDG_DATA_HOME/fetaix/tablebases/\n"
     "(~/.local/share/ by default), going on where an interrupted build\n"
     "stopped; probe prints the FEN and win, draw or loss for the side to move\n"
     "with the distance in plies (exit status 1 when it is not built); verify\n"
     "checks every value against its successors and every checksum; stats\n"
     "prints each material's shares won, drawn and lost and its longest win;\n"
     "quiet prints each material's longest stretch without a capture or a\n"
     "man's move that a shortest win takes, against the no-progress limit."},
    {"solve",
     "fetaix solve [--fen FEN] [RULES] [--nodes N] [--time SECONDS] [--tt MIB]\n"
     "             [--proof FILE] [--checkpoint FILE [--every SECONDS]]\n"
     "fetaix solve --resume FILE [--nodes N] [--time SECONDS] [--tt MIB] ...\n"
     "fetaix solve --verify FILE\n"
     "fetaix solve --book BOOK [PROOF...]\n"
     "fetaix solve --combine FILE [--fen FEN] [--plies N] PROOF...",
     "Prove the position (the start by default) won, drawn or lost for the side\n"
     "to move by proof-number search, with the built endgame tables as leaves,\n"
     "no-progress off and threefold repetition a draw (docs/solution.md). Every\n"
     "value printed has had its proof extracted and re-checked; --proof writes\n"
     "it, --verify re-checks such a file with the rules alone. At a limit the\n"
     "value is unknown, with what is known (exit status 1). --checkpoint keeps\n"
     "the search every SECONDS (default 600) and on Ctrl-C; --resume goes on.\n"
     "--book re-checks each PROOF and adds its positions to the book BOOK (made\n"
     "if missing): the proven positions the engine plays from\n"
     "(data/proven.book); without PROOF it lists the book. --combine re-checks\n"
     "each PROOF, joins them into a proof of the position (its first N plies\n"
     "searched, default 6, every line below them in one of the proofs), checks\n"
     "that and writes it to FILE."},
    {"config", "fetaix config [--path]",
     "Print the settings in force as a settings file, every key with its\n"
     "default in a comment; --path prints where the file is looked for\n"
     "($XDG_CONFIG_HOME/fetaix/config.toml, ~/.config/fetaix/ by default)."},
    {"help",
     "fetaix help | --help | -h\n"
     "fetaix COMMAND --help",
     "Show this help, or the command's own: its usage and options."},
};

// Each line of `text` after `by`.
std::string indented(std::string_view text, std::string_view by) {
    std::string lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines += concat(by, text.substr(0, end), "\n");
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

}  // namespace

const CommandText& text_of(std::string_view name) {
    for (const CommandText& c : kCommands)
        if (c.name == name) return c;
    return kCommands[0];
}

// A command's own help: its usage and what it does, as the overview shows them, then CLI11's list of
// its options (each with what it takes, the constraints being in the usage).
std::string CommandHelp::make_description(const CLI::App*) const { return ""; }
std::string CommandHelp::make_usage(const CLI::App* app, std::string) const {
    const CommandText& text = text_of(app->get_name());
    return concat("Usage:\n", indented(text.usage, "  "), "\n", text.about, "\n");
}
std::string CommandHelp::make_option_opts(const CLI::Option* option) const {
    return option->get_type_size() != 0 && !option->get_type_name().empty() ? " " + option->get_type_name() : "";
}

// fetaix --help: every command with its usage and what it does, then the rule switches from their table.
std::string overview() {
    std::string help =
        "fetaix - Fetaix (qireq), the Moroccan capture game on the 5x5 Alquerque board\n"
        "\n"
        "Usage:\n";
    for (const CommandText& c : kCommands) {
        help += indented(c.usage, "  ");
        help += indented(c.about, "      ");
        if (c.name.empty())
            help +=
                "      FILE.pdn          open the first game of this record\n"
                "      --resume, --new   resume the autosaved game, or start a new one, without\n"
                "                        asking\n"
                "      --white, --black  the players' names, or ai[:LEVEL] for the computer\n"
                "                        (level 1 to 8, default 5); both ai for a demonstration\n"
                "      --time SECONDS    the computer's time per move, 0.05 to 3600 seconds, as\n"
                "                        in analyze and bench (default 3; level 8 uses it all)\n"
                "      --seed N          the computer's choices among near-equal moves\n"
                "      --clock SPEC      game clocks for both sides: MINUTES[:SS] and a bonus,\n"
                "                        5 (sudden death), 5+3 (3 s increment), 5d3 (3 s delay),\n"
                "                        5b3 (Bronstein), 0:30+1; the computer then budgets its\n"
                "                        time from its clock instead of --time\n"
                "      --white-clock SPEC, --black-clock SPEC\n"
                "                        one side's own clock, for a handicap\n"
                "      --fen FEN         start from this position instead of the usual start\n"
                "      --ascii           plain ASCII lines and pieces, even in a UTF-8 locale\n"
                "      --auto-flip       turn the board so the side to move is at the bottom\n"
                "      --theme NAME      the colours: dark (the default), light, high-contrast,\n"
                "                        colour-blind or mono (docs/themes.md)\n"
                "      --bell            ring the terminal bell when the computer has moved\n"
                "      --screen-reader   no board: every event a line of plain text, commands\n"
                "                        typed as words (help lists them); needs no terminal\n"
                "      NO_COLOR=1 in the environment turns colour off.\n";
    }
    help +=
        "  fetaix --version\n"
        "      Show the version.\n"
        "\n"
        "RULES (rule switches; see docs/rules.md):\n";
    help += rule_switches_help();
    help +=
        "\n"
        "Numbers are plain decimals (3, 1.5). Exit status: 0 on success; 1 if a record is\n"
        "bad or unreadable, or the terminal cannot be used; 2 on a bad command line.\n";
    return help;
}

}  // namespace fetaix::commands
