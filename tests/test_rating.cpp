// Glicko-2 ratings: Glickman's worked example, periods without games, symmetry, invalid input, the cap.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "rating/glicko2.hpp"

using namespace fetaix::rating;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// One game against `opponent`, as the player's one-game period.
std::optional<Rating> after_one_game(const Rating& player, const Rating& opponent, double score) {
    const std::vector<Outcome> period{{opponent, score}};
    return rated(player, period);
}

}  // namespace

TEST_CASE("rating: Glickman's worked example", "[rating]") {
    const std::vector<Outcome> period{{{1400, 30}, 1}, {{1550, 100}, 0}, {{1700, 300}, 0}};
    const std::optional<Rating> after = rated({1500, 200, 0.06}, period, 0.5);
    REQUIRE(after);
    // As the paper prints them.
    CHECK(after->rating == Approx(1464.06).margin(0.01));
    CHECK(after->deviation == Approx(151.52).margin(0.01));
    CHECK(after->volatility == Approx(0.05999).margin(0.00001));
    // Unrounded: the paper rounds mu' to -0.2069 before step 8 (1464.06), the exact mu' gives 1464.0507.
    // Worked out independently in Python from the paper's formulas.
    CHECK(after->rating == Approx(1464.0506705393).margin(1e-6));
    CHECK(after->deviation == Approx(151.5165241239).margin(1e-6));
    CHECK(after->volatility == Approx(0.059995984286).margin(1e-9));
}

TEST_CASE("rating: a period with no games only widens the deviation", "[rating]") {
    const std::optional<Rating> after = rated({1500, 200, 0.06}, {});
    REQUIRE(after);
    // phi = 200 / 173.7178 = 1.1512924985, phi^2 + sigma^2 = 1.3254744172 + 0.0036 = 1.3290744172,
    // phi* = sqrt(1.3290744172) = 1.1528548986, RD' = 173.7178 * phi* = 200.2714166988
    // (the same as sqrt(200^2 + (173.7178 * 0.06)^2) = sqrt(40108.6403465326)).
    CHECK(after->deviation == Approx(200.2714166988).margin(1e-9));
    CHECK(after->rating == 1500);
    CHECK(after->volatility == 0.06);
}

TEST_CASE("rating: between equal players the winner gains exactly what the loser loses", "[rating]") {
    const Rating player{1620, 80, 0.05};
    const std::optional<Rating> winner = after_one_game(player, player, 1);
    const std::optional<Rating> loser = after_one_game(player, player, 0);
    REQUIRE(winner);
    REQUIRE(loser);
    CHECK(winner->rating > player.rating);
    // Exactly in the arithmetic; the margin is only the doubles' rounding.
    CHECK(winner->rating - player.rating == Approx(player.rating - loser->rating).margin(1e-9));
    CHECK(winner->deviation == Approx(loser->deviation).margin(1e-12));
    CHECK(winner->volatility == Approx(loser->volatility).margin(1e-15));
}

TEST_CASE("rating: a draw between equal players leaves the ratings and narrows the deviations", "[rating]") {
    for (const Rating player : {Rating{}, Rating{1500, 200, 0.06}, Rating{1620, 80, 0.05}}) {
        const std::optional<Rating> after = after_one_game(player, player, 0.5);
        REQUIRE(after);
        CHECK(after->rating == Approx(player.rating).margin(1e-9));
        CHECK(after->deviation < player.deviation);
    }
}

TEST_CASE("rating: invalid input is refused with nullopt, never rated as NaN", "[rating]") {
    const Rating player{1500, 200, 0.06};
    const Rating opponent{1400, 30, 0.06};
    SECTION("scores outside [0, 1]") {
        for (const double score : {-0.5, 1.5, kNaN, kInfinity, -kInfinity}) {
            CHECK_FALSE(after_one_game(player, opponent, score));
        }
        CHECK(after_one_game(player, opponent, 0.25));  // any score in [0, 1] is taken
    }
    SECTION("the player's numbers") {
        for (const Rating bad : {Rating{kNaN, 200, 0.06}, Rating{kInfinity, 200, 0.06}, Rating{1500, 0, 0.06},
                                 Rating{1500, -200, 0.06}, Rating{1500, kNaN, 0.06}, Rating{1500, kInfinity, 0.06},
                                 Rating{1500, 200, 0}, Rating{1500, 200, -0.06}, Rating{1500, 200, kNaN}}) {
            CHECK_FALSE(after_one_game(bad, opponent, 1));
            CHECK_FALSE(rated(bad, {}));
        }
    }
    SECTION("the opponent's numbers") {
        for (const Rating bad :
             {Rating{-kInfinity, 30, 0.06}, Rating{1400, 0, 0.06}, Rating{1400, kNaN, 0.06}, Rating{1400, 30, -1}}) {
            CHECK_FALSE(after_one_game(player, bad, 1));
        }
    }
    SECTION("tau") {
        const std::vector<Outcome> period{{opponent, 1}};
        for (const double tau : {0.0, -0.5, kNaN, kInfinity}) {
            CHECK_FALSE(rated(player, period, tau));
            CHECK_FALSE(rated(player, {}, tau));
        }
    }
    SECTION("numbers too large for the arithmetic") {
        CHECK_FALSE(after_one_game({1e300, 350, 0.06}, {-1e300, 350, 0.06}, 0));
    }
}

TEST_CASE("rating: the deviation never exceeds 350", "[rating]") {
    // Uncapped, 350 would widen to sqrt(350^2 + (173.7178 * 0.06)^2) = 350.1552.
    const std::optional<Rating> idle = rated({1500, 350, 0.06}, {});
    REQUIRE(idle);
    CHECK(idle->deviation == 350);

    // A long absence, even of an erratic player, ends at 350.
    Rating absent{1800, 50, 0.5};
    for (int period = 0; period < 100; ++period) {
        const std::optional<Rating> after = rated(absent, {});
        REQUIRE(after);
        CHECK(after->deviation <= 350);
        absent = *after;
    }
    CHECK(absent.deviation == 350);

    // A deviation handed in above 350 comes back at most 350, however the period went.
    for (const double score : {0.0, 0.5, 1.0}) {
        const std::optional<Rating> after = after_one_game({1500, 2000, 2}, {3000, 10, 0.06}, score);
        REQUIRE(after);
        CHECK(after->deviation <= 350);
    }
}
