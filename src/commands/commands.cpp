#include "commands/commands.hpp"

namespace fetaix::commands {

namespace {

// Each command's usage and what it does (the overview, fetaix --help, lists them all, and each
// command's own help, fetaix COMMAND --help, starts with its own; lines fit 80 columns), and the
// function that adds its options. A new command is a row here and a file with its AddOptions.
constexpr Command kCommands[] = {
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
     "Defaults come from the settings file: see fetaix config.",
     add_game},
    {"perft", "fetaix perft DEPTH [--fen FEN] [RULES] [--divide]",
     "Count the move paths of each length 1..DEPTH (1..30) and time them.\n"
     "Prints 'depth=D nodes=N time=SECONDS nps=NODES_PER_SECOND' per depth;\n"
     "--divide first prints each legal move with its count at DEPTH.",
     add_perft},
    {"replay", "fetaix replay FILE.pdn|#N [--ascii]",
     "Step through a saved game ([ ] or arrows, Home, End), changing nothing.", add_replay},
    {"host",
     "fetaix host [NAME] [--as white|black|random] [--shared] [--resume | --new]\n       [--name PLAYER] [--clock SPEC] [RULES]",
     "Host a game (named fetaix unless NAME is given) that another terminal\n"
     "joins; its screen shows the command to join and to watch. --as picks\n"
     "the host's side (default white). --shared lets other users of this\n"
     "machine in, with a join code and a watch code shown on the host's screen.\n"
     "--resume hosts the autosaved game again after the host was ended; --new\n"
     "keeps an unfinished one in the game history and hosts a new game (with\n"
     "neither, an unfinished autosaved game stops the host, saying so).\n"
     "--clock (or --white-clock and --black-clock) times the game: the host's\n"
     "clock decides, and a disconnected player's clock keeps running.",
     add_host},
    {"join", "fetaix join [NAME] [--code CODE] [--name PLAYER]",
     "Take the free seat of a hosted game, or take your seat back after your\n"
     "terminal closed (a seat token is kept in the state folder). A shared\n"
     "game's code: --code-file FILE, FETAIX_CODE, or typed when asked.",
     add_join},
    {"watch", "fetaix watch [NAME] [--code CODE] [--name PLAYER]",
     "Follow a hosted game without playing; [ ] browse its moves, c chats\n"
     "with the other watchers. A shared game's code: --code-file FILE,\n"
     "FETAIX_CODE, or typed when asked.",
     add_watch},
    {"learn", "fetaix learn [--screen-reader] [--ascii]",
     "Learn the rules, one short lesson a rule: a position, a task and the\n"
     "game's own reasons for a move refused. Where you stopped is kept in\n"
     "$XDG_STATE_HOME/fetaix/learn.txt; n goes to the next lesson, ? lists them,\n"
     "q leaves. --screen-reader gives the lessons as lines (type help).",
     add_learn},
    {"puzzle",
     "fetaix puzzle [--file FILE] [--screen-reader] [--ascii]\n"
     "fetaix puzzle --check FILE\n"
     "fetaix puzzle --generate [--count N] [--pieces P] [RULES | --from FILE.pdn]",
     "Puzzles proven by the endgame tables (docs/puzzles.md). Without --check\n"
     "or --generate, play them (the shipped set, or FILE's): n next, r retry,\n"
     "H hint, q quits; a wrong move is taken back with the tables' reason. Your\n"
     "rating and progress: $XDG_DATA_HOME/fetaix/puzzle-progress.txt. --check\n"
     "proves each puzzle of FILE sound and unique or says why not (exit status\n"
     "1); --generate prints up to N puzzles (default 500) of up to P pieces (2\n"
     "to 5, default 4) found in the tables, or in the games of --from (a record,\n"
     "or a folder of them). Both need the tables built (fetaix tablebase).",
     add_puzzle},
    {"hosts", "fetaix hosts", "List the games hosted on this machine: players, turn, watchers.", add_hosts},
    {"games", "fetaix games",
     "List the game history, newest first: #N, date, players, result, moves\n"
     "(as numbered in the move list) and the record file.",
     add_games},
    {"check", "fetaix check FILE.pdn",
     "Check every game of a record against the rules: print each result, or\n"
     "the first error with its line and column (exit status 1).",
     add_check},
    {"review", "fetaix review FILE.pdn|#N [--game N] [--time SECONDS | --depth N]\n       [--annotate [-o FILE]]",
     "Every move of a game with the value before and after it: proven (the\n"
     "rules, the endgame tables, the book) or the engine's, --time a position\n"
     "(default 1); the move that decided it, and the moves that changed the\n"
     "result or lost a man's worth, each with the move that kept it.\n"
     "--annotate prints the record with the values as [%eval] comments (-o\n"
     "writes it to FILE, a new one).",
     add_review},
    {"analyze", "fetaix analyze [--fen FEN] [--time SECONDS | --depth N] [RULES]",
     "Search a position; print depth, score, nodes, nps and the principal\n"
     "variation for each completed depth, then the best move (default\n"
     "--time 5).",
     add_analyze},
    {"match",
     "fetaix match --a LEVEL --b LEVEL --games N [--seed S] [--opening PLIES]\n"
     "       [--jobs J] [--clock SPEC] [RULES]",
     "Play engine levels (1 to 8) against each other from balanced openings of\n"
     "PLIES random plies (default 10), each with both colours, J games at\n"
     "once; print wins, draws, losses and A's score with a 95% margin, the\n"
     "wins by colour and the games' lengths.",
     add_match},
    {"bench",
     "fetaix bench [RULES] [--quick]\n"
     "fetaix bench --search [--time SECONDS]\n"
     "fetaix bench --records [--write FOLDER]",
     "Run the fixed perft workloads and print nodes per second for each;\n"
     "--quick runs them 4 plies shallower. --search instead searches the start\n"
     "and three middle games for SECONDS each (default 1) and prints the depth\n"
     "completed and nodes per second. --records builds the heaviest game\n"
     "records of at most 1 MiB and times checking each; --write also saves\n"
     "them in FOLDER.",
     add_bench},
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
     "man's move that a shortest win takes, against the no-progress limit.",
     add_tablebase},
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
     "(data/proven.book, data/books/); without PROOF it lists the book.\n"
     "--combine re-checks each PROOF, joins them into a proof of the position\n"
     "(its first N plies searched, default 6, every line below them in one of\n"
     "the proofs), checks that and writes it to FILE.",
     add_solve},
    {"serve",
     "fetaix serve [--listen ADDR] [--port PORT] [--data DIR] [--fingerprint]\n"
     "fetaix serve ban|unban NAME | players | export [--player NAME] [--data DIR]",
     "Run the SSH server: anyone with an ssh client and a key plays with\n"
     "ssh -p PORT HOST, no account needed. The host key (ed25519) and the\n"
     "database are made in the data folder on first start; --fingerprint\n"
     "prints the key's fingerprint. ban refuses a player's keys, unban lets\n"
     "them in again, players lists them, export writes every finished game\n"
     "(or one player's) as one PDN file on standard output. See docs/server.md.",
     add_serve},
    {"config", "fetaix config [--path]",
     "Print the settings in force as a settings file, every key with its\n"
     "default in a comment; --path prints where the file is looked for\n"
     "($XDG_CONFIG_HOME/fetaix/config.toml, ~/.config/fetaix/ by default).",
     add_config},
    {"help",
     "fetaix help | --help | -h\n"
     "fetaix COMMAND --help",
     "Show this help, or the command's own: its usage and options.", add_help},
};

}  // namespace

std::span<const Command> all() { return kCommands; }

const Command& text_of(std::string_view name) {
    for (const Command& c : kCommands)
        if (c.name == name) return c;
    return kCommands[0];
}

}  // namespace fetaix::commands
