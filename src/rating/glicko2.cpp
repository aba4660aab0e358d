#include "rating/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fetaix::rating {

namespace {

// From the published scale to Glicko-2's and back (step 2 and step 8).
constexpr double kScale = 173.7178;
constexpr double kCentre = 1500;
// The paper's convergence tolerance for the volatility (step 5).
constexpr double kTolerance = 0.000001;
// Far beyond what real ratings need (a few dozen at most); only absurd input reaches it.
constexpr int kMaxIterations = 1000;

bool valid(const Rating& r) {
    return std::isfinite(r.rating) && std::isfinite(r.deviation) && std::isfinite(r.volatility) && r.deviation > 0 &&
           r.volatility > 0;
}

// How much an opponent's result counts, less the less sure their rating is.
double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

// The score expected against an opponent.
double expected(double mu, double mu_j, double g_j) { return 1 / (1 + std::exp(-g_j * (mu - mu_j))); }

// Step 5: the new volatility, the root of f found by the Illinois algorithm; nullopt if it never
// converges, which only a result beyond the range of a double does.
std::optional<double> volatility(double phi, double sigma, double v, double delta, double tau) {
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double e_x = std::exp(x);
        const double d = phi * phi + v + e_x;
        return e_x * (delta * delta - phi * phi - v - e_x) / (2 * d * d) - (x - a) / (tau * tau);
    };
    double A = a;
    double B = 0;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0) {
            if (++k > kMaxIterations) return std::nullopt;
        }
        B = a - k * tau;
    }
    double f_A = f(A);
    double f_B = f(B);
    // Written so that a NaN never counts as converged.
    for (int i = 0; !(std::abs(B - A) <= kTolerance); ++i) {
        if (i == kMaxIterations) return std::nullopt;
        const double C = A + (A - B) * f_A / (f_B - f_A);
        const double f_C = f(C);
        if (f_C * f_B <= 0) {
            A = B;
            f_A = f_B;
        } else {
            f_A /= 2;
        }
        B = C;
        f_B = f_C;
    }
    return std::exp(A / 2);
}

// The deviation capped (see kMaxDeviation), and nullopt for a result no longer valid input.
std::optional<Rating> finished(Rating r) {
    if (!valid(r)) return std::nullopt;
    r.deviation = std::min(r.deviation, kMaxDeviation);
    return r;
}

}  // namespace

std::optional<Rating> rated(const Rating& player, std::span<const Outcome> period, double tau) {
    if (!valid(player) || !std::isfinite(tau) || !(tau > 0)) return std::nullopt;
    for (const Outcome& game : period) {
        if (!valid(game.opponent) || !(game.score >= 0 && game.score <= 1)) return std::nullopt;
    }

    // Step 2: onto the Glicko-2 scale.
    const double mu = (player.rating - kCentre) / kScale;
    const double phi = player.deviation / kScale;
    const double sigma = player.volatility;

    // A player who did not play only grows less certain (step 6 alone).
    if (period.empty()) return finished({player.rating, kScale * std::sqrt(phi * phi + sigma * sigma), sigma});

    // Steps 3 and 4: v, the variance of the rating from the games alone, and delta, the improvement they show.
    double information = 0;  // the sum of g^2 E (1 - E), 1 / v
    double surprise = 0;     // the sum of g (s - E), delta / v
    for (const Outcome& game : period) {
        const double mu_j = (game.opponent.rating - kCentre) / kScale;
        const double g_j = g(game.opponent.deviation / kScale);
        const double e = expected(mu, mu_j, g_j);
        information += g_j * g_j * e * (1 - e);
        surprise += g_j * (game.score - e);
    }
    const double v = 1 / information;
    const double delta = v * surprise;

    const std::optional<double> sigma_new = volatility(phi, sigma, v, delta, tau);
    if (!sigma_new) return std::nullopt;

    // Step 6: the deviation widened by the new volatility, as if a period had passed.
    const double phi_star = std::sqrt(phi * phi + *sigma_new * *sigma_new);
    // Step 7: the new deviation and rating.
    const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
    const double mu_new = mu + phi_new * phi_new * surprise;

    // Step 8: back onto the published scale.
    return finished({kScale * mu_new + kCentre, kScale * phi_new, *sigma_new});
}

}  // namespace fetaix::rating
