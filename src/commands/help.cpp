#include "commands/help.hpp"

#include <fetaix/fetaix.hpp>

#include "cli/command_line.hpp"

namespace fetaix::commands {

namespace {

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

// A command's own help: its usage and what it does, as the overview shows them, then CLI11's list of
// its options (each with what it takes, the constraints being in the usage).
std::string CommandHelp::make_description(const CLI::App*) const { return ""; }
std::string CommandHelp::make_usage(const CLI::App* app, std::string) const {
    const Command& text = text_of(app->get_name());
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
    for (const Command& c : all()) {
        help += indented(c.usage, "  ");
        help += indented(c.about, "      ");
        if (c.name.empty())
            help +=
                "      FILE.pdn          open the first game of this record; #N, game N of the\n"
                "                        history (fetaix games)\n"
                "      --resume, --new   resume the autosaved game, or start a new one, without\n"
                "                        asking\n"
                "      --white, --black  the players' names, or ai[:LEVEL] for the computer\n"
                "                        (level 1 to 8, default 5); both ai for a demonstration\n"
                "      --time SECONDS    the computer's time per move, 0.05 to 3600 seconds, as\n"
                "                        in analyze and bench (default 3; level 8 uses it all);\n"
                "                        given, also the review's (v) for each position\n"
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
        "RULES (rule switches: docs/rules.md; what is proven of each: docs/variants.md):\n";
    help += rule_switches_help();
    // The on/off switches' --no- forms, for a rule the settings file turns on.
    std::string negated;
    for (const RuleSwitch& s : kRuleSwitches)
        if (s.kind == SwitchKind::Toggle) negated += concat(negated.empty() ? "  " : ", ", cli::negated_flag(s));
    help += concat(negated, "\n                               turn the rule off (over the settings file)\n");
    help +=
        "\n"
        "Numbers are plain decimals (3, 1.5). Exit status: 0 on success; 1 if a record is\n"
        "bad or unreadable, or the terminal cannot be used; 2 on a bad command line.\n";
    return help;
}

// `fetaix help`, as before CLI11: the overview.
Runner add_help(CLI::App&) {
    return [](const Invocation&) {
        cli::out_text(overview());
        return 0;
    };
}

}  // namespace fetaix::commands
