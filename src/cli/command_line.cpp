#include "cli/command_line.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <sstream>
#include <sys/stat.h>

#include "cli/options.hpp"
#include "cli/output.hpp"

namespace fetaix::cli {

CLI::ValidationError bad_value(const std::string& message) {
    return CLI::ValidationError(message, CLI::ExitCodes::ValidationError);
}

CLI::Option* add_value(CLI::App& command, const std::string& flag, const std::string& placeholder,
                       const std::string& missing, std::function<void(const std::string&)> read,
                       const std::string& help) {
    CLI::Option* option = command.add_option(
        flag,
        [flag, missing, read = std::move(read)](const CLI::results_t& values) {
            if (values.size() > 1) throw bad_value(concat(flag, " is given twice"));
            // A value may be left out (expected 0 to 1), so that a missing one gets our message.
            if (values.empty() || values[0].empty()) throw bad_value(missing);
            read(values[0]);
            return true;
        },
        help);
    option->type_name(placeholder)->expected(0, 1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    return option;
}

std::vector<CLI::Option*> add_rule_switches(CLI::App& command, Rules& rules) {
    std::vector<CLI::Option*> options;
    for (const RuleSwitch& s : kRuleSwitches) {
        const std::string flag(s.flag), help(s.help);
        CLI::Option* option = nullptr;
        if (s.kind == SwitchKind::Toggle) {
            // --no-majority turns the rule off, over a settings file that turns it on (CLI11 counts it -1).
            option = command.add_flag_function(
                concat(flag, ",!", negated_flag(s)), [&s, &rules](std::int64_t n) { s.set(rules, n > 0 ? 1 : 0); },
                help);
        } else {
            // The message for a missing value is the table's own (set_from_flag with no value).
            Rules scratch;
            std::string missing;
            (void)set_from_flag(s, scratch, std::nullopt, missing);
            option = add_value(
                command, flag, switch_placeholder(s), missing,
                [&s, &rules](const std::string& value) {
                    std::string error;
                    (void)set_from_flag(s, rules, value, error);
                    if (!error.empty()) throw bad_value(error);
                },
                help);
        }
        option->group("Rule switches (docs/rules.md)");
        options.push_back(option);
    }
    return options;
}

CLI::Option* add_fen(CLI::App& command, Position& position, const std::string& help) {
    return add_value(
        command, "--fen", "FEN", "--fen needs a position, such as W:Wa1,b1:Ba5",
        [&position](const std::string& text) {
            auto parsed = parse_fen(text);
            if (!parsed) throw bad_value("--fen: " + parsed.error().describe());
            if (auto problem = unplayable_start(*parsed)) throw bad_value("--fen: " + *problem);
            position = *parsed;
        },
        help);
}

CLI::Option* add_file(CLI::App& command, const std::string& flag, std::string& into, const std::string& help) {
    return add_value(
        command, flag, "FILE", concat(flag.substr(flag.rfind(',') + 1), " needs a file name"),
        [&into](const std::string& path) { into = path; }, help);
}

std::string seconds_range() {
    std::ostringstream text;
    text << "a decimal number of seconds from " << kMinSeconds << " to " << kMaxSeconds;
    return text.str();
}

CLI::Option* add_time(CLI::App& command, int& ms, const std::string& help) {
    return add_value(
        command, "--time", "SECONDS", "--time needs a number of seconds",
        [&ms](const std::string& text) {
            const auto seconds = parse_seconds(text, kMinSeconds, kMaxSeconds);
            if (!seconds) throw bad_value(concat("--time: expected ", seconds_range(), ", not '", text, "'"));
            ms = static_cast<int>(*seconds * 1000);
        },
        help);
}

CLI::Option* add_clock(CLI::App& command, const std::string& flag, std::optional<TimeControl>& into,
                       const std::string& help) {
    return add_value(
        command, flag, "SPEC", concat(flag, " needs a clock, such as 5+3"),
        [flag, &into](const std::string& text) {
            auto parsed = parse_time_control(text);
            if (!parsed) throw bad_value(concat(flag, ": ", parsed.error().message));
            into = *parsed;
        },
        help);
}

CLI::Option* add_whole(CLI::App& command, const std::string& flag, const std::string& placeholder, long long low,
                       long long high, std::function<void(long long)> store, const std::string& what,
                       const std::string& help) {
    return add_value(
        command, flag, placeholder, concat(flag, " needs ", what),
        [flag, low, high, what, store = std::move(store)](const std::string& text) {
            const auto n = parse_number(text, low, high);
            // A range up to the largest number matters only to a number past it.
            const bool unbounded = high == std::numeric_limits<long long>::max();
            const std::string range = !unbounded ? concat(" from ", std::to_string(low), " to ", std::to_string(high))
                                      : plain_decimal(text, false) ? concat(" of at most ", std::to_string(high))
                                                                   : "";
            if (!n) throw bad_value(concat(flag, ": expected ", what, range, ", not '", text, "'"));
            store(*n);
        },
        help);
}

void out_text(std::string_view text) {
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        out(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
}

namespace {

// The command in use (the one named on the command line), or the program itself.
const CLI::App& command_in_use(const CLI::App& app) {
    const std::vector<CLI::App*> used = app.get_subcommands();
    return used.empty() ? app : *used.front();
}

// "fetaix perft" or "fetaix": how to name the command in use in a message.
std::string command_words(const CLI::App& app) {
    const CLI::App& command = command_in_use(app);
    return &command == &app ? "fetaix" : concat("fetaix ", command.get_name());
}

// CLI11's help with one blank line between sections (it leaves two before a named group) and none at
// the end.
std::string tidy(std::string help) {
    // A rule switch's --no- form is shown as a name of the switch, without CLI11's "{false}".
    for (std::size_t at; (at = help.find("{false}")) != std::string::npos;) help.erase(at, 7);
    for (std::size_t at; (at = help.find("\n\n\n")) != std::string::npos;) help.erase(at, 1);
    while (help.size() > 1 && help.back() == '\n' && help[help.size() - 2] == '\n') help.pop_back();
    if (!help.empty() && help.back() == '\n') help.pop_back();
    return help;
}

// The first word that no command took, as one line: an unknown option or a stray argument.
std::optional<std::string> stray_word(const CLI::App& app) {
    const CLI::App& command = command_in_use(app);
    for (const CLI::App* in : {&command, &app}) {
        std::vector<std::string> words = in->remaining();
        // CLI11 keeps the -- that ends the options among the words left over; it is no stray word.
        words.erase(std::remove(words.begin(), words.end(), "--"), words.end());
        if (words.empty()) continue;
        const std::string& word = words.front();
        const bool option = word.size() > 1 && word[0] == '-';
        return concat(in == &app ? "" : concat(in->get_name(), ": "),
                      option ? "unknown option '" : "unexpected argument '", word, "' (see ", command_words(app),
                      " --help)");
    }
    return std::nullopt;
}

// Words no command takes are kept for stray_word() to name, rather than thrown as CLI11's ExtrasError.
void keep_extras(CLI::App& app) {
    app.allow_extras();
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) keep_extras(*sub);
}

// The on/off rule switch a flag names, itself or its --no- form ("--no-majority"); none for any other flag.
const RuleSwitch* toggle_named(std::string_view flag) {
    const std::string own = flag.starts_with("--no-") ? concat("--", flag.substr(5)) : std::string(flag);
    const RuleSwitch* s = find_switch_by_flag(own);
    return s && s->kind == SwitchKind::Toggle ? s : nullptr;
}

// The first option given more than once, for the program and the command in use: every option, an
// on/off flag as much as one with a value, is refused twice rather than silently taken again (a value
// option says so in its reader, add_value, before the parse ends).
std::optional<std::string> repeated_option(const CLI::App& app) {
    const CLI::App& command = command_in_use(app);
    for (const CLI::App* in : {&app, &command})
        for (const CLI::Option* option : in->get_options())
            if (option->nonpositional() && option->count() > 1) return concat(option->get_name(), " is given twice");
    return std::nullopt;
}

// A rule turned on and off in one command line ("--majority --no-majority"): which is meant is not known.
std::optional<std::string> toggle_both_ways(int argc, char** argv) {
    for (const RuleSwitch& s : kRuleSwitches) {
        if (s.kind != SwitchKind::Toggle) continue;
        const std::string negated = negated_flag(s);
        bool on = false, off = false;
        for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i) {
            on = on || argv[i] == s.flag;
            off = off || argv[i] == negated;
        }
        if (on && off) return concat(s.flag, " and ", negated, " are both given: give one of them");
    }
    return std::nullopt;
}

// What is said of an on/off rule switch given a value, after it or with '='.
std::string toggle_value_message(const RuleSwitch& s, std::string_view flag, std::string_view value) {
    return concat(flag, " takes no value: give ", s.flag, " alone to turn the rule on, ", negated_flag(s),
                  " to turn it off (not '", value, "')");
}

// "--majority=no" is refused as "--majority no" is, rather than read by CLI11 as on, off or not at all.
std::optional<std::string> toggle_with_equals(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--") break;
        const std::size_t equals = arg.find('=');
        if (equals == std::string_view::npos) continue;
        if (const RuleSwitch* s = toggle_named(arg.substr(0, equals)))
            return toggle_value_message(*s, arg.substr(0, equals), arg.substr(equals + 1));
    }
    return std::nullopt;
}

}  // namespace

std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e) {
    std::string message = e.what();
    // Our readers' messages stand as they are; CLI11's get a lower-case start and where to look.
    if (e.get_name() == "ValidationError") return message;
    // "The following argument..." reads on after "perft: " in lower case; "DEPTH is required" stays.
    if (message.size() > 1 && std::isupper(static_cast<unsigned char>(message[0])) &&
        std::islower(static_cast<unsigned char>(message[1])))
        message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
    const CLI::App& command = command_in_use(app);
    const std::string prefix = &command == &app ? "" : concat(command.get_name(), ": ");
    // A word left out is named with what it is for: "FILE.pdn is required: the game record, or #N, ...".
    if (e.get_name() == "RequiredError")
        for (const CLI::Option* option : command.get_options())
            if (option->get_required() && option->count() == 0 && !option->get_description().empty() &&
                message == concat(option->get_name(), " is required"))
                message = concat(message, ": ", option->get_description());
    return concat(prefix, message, " (see ", command_words(app), " --help)");
}

std::optional<int> parse(CLI::App& app, int argc, char** argv, const HelpText& help) {
    keep_extras(app);
    if (const auto valued = toggle_with_equals(argc, argv)) {
        err(concat("fetaix: ", *valued));
        return 2;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        // --help stands alone after the program or after the command: anything else with it is a
        // mistake to report, not to pass over.
        const CLI::App& command = command_in_use(app);
        const int alone = &command == &app ? 2 : 3;
        if (argc != alone) {
            err(concat("fetaix: --help goes alone: ", command_words(app), " --help"));
            return 2;
        }
        if (&command == &app) out_text(help.overview());
        else out_text(tidy(app.help()));
        return 0;
    } catch (const CLI::ParseError& e) {
        // A stray word is named first: "check -x.pdn" has an unknown option, more than a missing file.
        const auto stray = stray_word(app);
        err(concat("fetaix: ", stray ? *stray : parse_error_message(app, e)));
        return 2;
    }
    if (const auto stray = stray_word(app)) {
        err(concat("fetaix: ", *stray));
        return 2;
    }
    if (const auto both = toggle_both_ways(argc, argv)) {
        err(concat("fetaix: ", *both));
        return 2;
    }
    if (const auto twice = repeated_option(app)) {
        err(concat("fetaix: ", *twice));
        return 2;
    }
    return std::nullopt;
}

namespace {

// Levenshtein's distance: the fewest characters inserted, deleted or replaced to make one word the other.
std::size_t edits_between(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::optional<std::string> mistyped_command(const CLI::App& app, const std::string& word) {
    // A path or a record's name is never a command's: only a bare word that names nothing here is.
    struct stat info {};
    if (word.empty() || word.find_first_of("/.") != std::string::npos || ::lstat(word.c_str(), &info) == 0)
        return std::nullopt;
    std::size_t best = 3;  // more than two edits away is no command's name
    std::vector<std::string> closest;
    for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
        const std::string& name = command->get_name();
        const std::size_t edits = edits_between(word, name);
        // A short word two edits from a name is as far from it as from anything.
        // The very name (given after "--", so a file's) is no mistake to correct.
        if (edits == 0) return std::nullopt;
        if (edits >= name.size() / 2 + 1 || edits > best) continue;
        if (edits < best) closest.clear();
        best = edits;
        closest.push_back(name);
    }
    if (closest.empty()) return std::nullopt;
    std::string names;
    for (std::size_t i = 0; i < closest.size(); ++i)
        names += concat(i == 0 ? "" : i + 1 == closest.size() ? " or " : ", ", closest[i]);
    return concat("unknown command '", word, "' (did you mean ", names, "?)");
}

std::optional<std::string> toggle_given_a_value(int argc, char** argv, const std::string& word) {
    static constexpr std::string_view kYesNo[] = {"yes", "no", "on", "off", "true", "false", "1", "0"};
    struct stat info {};
    if (std::find(std::begin(kYesNo), std::end(kYesNo), word) == std::end(kYesNo) || ::lstat(word.c_str(), &info) == 0)
        return std::nullopt;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::string_view(argv[i]) == "--") break;
        if (const RuleSwitch* s = toggle_named(argv[i]); s && argv[i + 1] == word)
            return toggle_value_message(*s, argv[i], word);
    }
    return std::nullopt;
}

// A word after "--" is a file's name, whatever it looks like.
bool after_separator(int argc, char** argv, const std::string& value) {
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--") return true;
        if (argv[i] == value) return false;
    }
    return false;
}

bool dashed_before_separator(int argc, char** argv, const std::string& value) {
    return !value.empty() && value[0] == '-' && !after_separator(argc, argv, value);
}

int unknown_option(const std::string& word, std::string_view command) {
    return usage_error(concat("unknown option '", word, "' (see fetaix ", command, command.empty() ? "" : " ",
                              "--help)"));
}

}  // namespace fetaix::cli
