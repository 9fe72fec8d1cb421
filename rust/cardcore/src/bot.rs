//! Bots to play against.
//!
//! A bot decides from what its seat may know: an [`Observation`], never the
//! game. The observation answers the seat's own cards and the public facts,
//! and draws whole states the seat cannot tell from the true one
//! ([`Observation::determinize`]) for bots that search.

use std::marker::PhantomData;

use crate::determinize::Determinize;
use crate::game::{ActionId, Game};
use crate::ismcts::{search_among, Choice, Search, Settings};
use crate::maxn;
use crate::observation::Observation;
use crate::rng::SplitMix64;
use crate::solver::{Position, Solve, Solver};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A player for seats of `G`.
pub trait Bot<G: Game>: Send {
    /// The action for the observing seat, which is to act (`view.to_act()`):
    /// one of `view.legal_actions`.
    fn act(&mut self, view: &Observation<G>) -> ActionId;
}

impl<G: Game> Bot<G> for RandomBot {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        RandomBot::act(self, view.game()).expect("the observing seat is to act")
    }
}

impl<G: Determinize> Observation<G> {
    /// A whole state the observing seat cannot tell from the true one, drawn
    /// from `rng` ([`Determinize::determinize`]).
    pub fn determinize(&self, rng: &mut SplitMix64) -> G {
        self.game().determinize(self.seat(), rng)
    }

    /// The observation as text another process reads back into an equal one
    /// ([`Observation::from_portable`]): the state of a game the observing seat
    /// cannot tell from the true one, drawn from a fixed seed, so that the text
    /// shows no more than the observation does (the hidden cards redealt).
    pub fn to_portable(&self) -> String {
        self.determinize(&mut SplitMix64::new(PORTABLE_SEED))
            .to_json()
    }

    /// `seat`'s observation of the game `text` ([`Observation::to_portable`])
    /// holds: refused as `Game::from_json` refuses, or for a seat out of range.
    pub fn from_portable(text: &str, seat: usize) -> crate::Result<Self> {
        Observation::new(&G::from_json(text)?, seat)
    }
}

/// The seed of the game [`Observation::to_portable`] draws: any fixed one.
const PORTABLE_SEED: u64 = 0x0B5E_7EA7_10C0_FFEE;

/// Plays what an information-set tree search over determinizations finds
/// best ([`crate::ismcts`]), from its own seeded generator.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SearchBot {
    pub settings: Settings,
    rng: SplitMix64,
    iterations: u64,
}

impl SearchBot {
    pub const fn new(settings: Settings, seed: u64) -> SearchBot {
        SearchBot {
            settings,
            rng: SplitMix64::new(seed),
            iterations: 0,
        }
    }

    /// The search iterations the bot has run, over all its moves.
    pub const fn iterations(&self) -> u64 {
        self.iterations
    }

    /// What the search finds among the legal actions `among` accepts (one at least).
    pub fn choose_among<G: Levels>(
        &mut self,
        view: &Observation<G>,
        among: impl Fn(ActionId) -> bool + Sync,
    ) -> Choice {
        // The search reads the game only through draws for the observing seat.
        let choice = search_among(view.game(), &self.settings, &mut self.rng, among)
            .expect("the observing seat is to act, with an action `among` accepts");
        self.iterations += u64::from(choice.iterations);
        choice
    }
}

impl<G: Levels> Bot<G> for SearchBot {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        self.choose_among(view, |_| true).action
    }
}

/// The rules-of-thumb player of a game whose rules of thumb keep nothing
/// from one decision to the next (Brouc, Le Julien, French Tarot, 500: each
/// game's `Heuristic`, whose [`Bot`] impl in `games/<game>/bot.rs` holds the
/// rules): its generator only breaks ties between equally good actions. It
/// saves (serde) as `{"rng": state}`.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Heuristic<G> {
    pub(crate) rng: SplitMix64,
    #[serde(skip)]
    game: PhantomData<fn() -> G>,
}

impl<G> Heuristic<G> {
    pub const fn new(seed: u64) -> Heuristic<G> {
        Heuristic {
            rng: SplitMix64::new(seed),
            game: PhantomData,
        }
    }
}

/// A bot made from a seed alone, as each game's rules-of-thumb player is.
pub trait Seeded {
    fn from_seed(seed: u64) -> Self;
}

impl<G> Seeded for Heuristic<G> {
    fn from_seed(seed: u64) -> Self {
        Heuristic::new(seed)
    }
}

impl<G> Clone for Heuristic<G> {
    fn clone(&self) -> Self {
        Heuristic {
            rng: self.rng.clone(),
            game: PhantomData,
        }
    }
}

impl<G> std::fmt::Debug for Heuristic<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Heuristic").field("rng", &self.rng).finish()
    }
}

/// Plays a uniformly random legal action, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SplitMix64,
}

impl RandomBot {
    pub const fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SplitMix64::new(seed),
        }
    }

    /// Its generator's state: `RandomBot::new(bot.state())` continues as `bot` does.
    pub const fn state(&self) -> u64 {
        self.rng.state()
    }

    /// The action the bot chooses, `None` once the game is over.
    pub fn act<G: Game>(&mut self, game: &G) -> Option<ActionId> {
        game.random_action(&mut self.rng)
    }

    /// Chooses as [`RandomBot::act`] would and applies the action.
    pub fn play<G: Game>(&mut self, game: &mut G) -> Option<ActionId> {
        game.play_random(&mut self.rng)
    }
}

/// The levels of play every game offers (docs/bots.md, "Levels").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The rules of thumb, often missed: a beginner.
    Easy,
    /// The game's rules of thumb: a sensible club player.
    Medium,
    /// A tree search over determinizations.
    Hard,
    /// Perfect-information Monte Carlo: the exact solver on determinizations
    /// in the trick play, the hard level elsewhere.
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }
}

/// A game with a bot at every [`Level`].
pub trait Levels: Search + Solve {
    /// The game's rules-of-thumb player (`games/<game>/bot.rs`).
    /// It saves and loads (serde), so that a bot continues in another process.
    type Heuristic: Bot<Self>
        + Seeded
        + Clone
        + std::fmt::Debug
        + Serialize
        + DeserializeOwned
        + 'static;

    /// The game's rules-of-thumb player, from `seed`.
    fn heuristic(seed: u64) -> Self::Heuristic {
        Self::Heuristic::from_seed(seed)
    }

    /// How a hard bot searches a move.
    const HARD: Settings;

    /// The kinds of action ([`Game::action_kind`]) a hard bot searches among,
    /// when the heuristic would play one of them; it plays the heuristic's
    /// choice otherwise.
    const SEARCHED: &'static [&'static str];

    /// `Some(z)`: a hard bot plays its search's pick only if its mean result
    /// is ahead of the heuristic's choice's by more than `z` standard errors
    /// of their difference, where a search of a few hundred noisy play-outs
    /// picks near at random among close actions and the rules of thumb know
    /// better; `None`: it plays the search's pick.
    const OVERRULE: Option<f64>;

    /// How an expert bot samples a trick-play move.
    const EXPERT: Expert;

    /// How an expert bot searches where it does not solve (the bidding, the
    /// earlier tricks, a move whose solve passes its budget): as hard, unless
    /// a game gives its expert a longer search within the move's time.
    const EXPERT_SEARCH: Settings = Self::HARD;

    /// What an expert bot sums over its samples: each legal move's value for
    /// `seat`, to act at `drawn` (a determinization) whose trick-play
    /// position in its interest is `position`; `None` where the bot plays as
    /// hard. By default the two-sided solve ([`Solver::move_values`]); Le
    /// Julien's is max^n, each seat playing for its own score; 500's maps the
    /// tricks to the deal's score (a contract is made or not).
    fn expert_values(
        drawn: &Self,
        seat: usize,
        position: &Self::Position,
        solvers: &mut ExpertSolvers,
    ) -> Option<Vec<(ActionId, i32)>> {
        let _ = (drawn, seat);
        Some(solvers.two_sided().move_values(position))
    }
}

/// How often an easy bot plays a random legal action instead of its rule of thumb.
const EASY_BLUNDERS: f64 = 0.5;

/// The bot playing `level`, from its own seeded generators.
pub fn bot<G: Levels>(level: Level, seed: u64) -> Box<dyn Bot<G>> {
    Box::new(LevelBot::<G>::new(level, seed))
}

/// A bot of one [`Level`], as a value (it clones, unlike a boxed [`Bot`]), and
/// saved (serde) with its generators: loaded, it continues as it would have.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub enum LevelBot<G: Levels> {
    Easy(Blunders<G::Heuristic>),
    Medium(G::Heuristic),
    Hard(HardBot<G>),
    Expert(ExpertBot<G>),
}

impl<G: Levels> LevelBot<G> {
    pub fn new(level: Level, seed: u64) -> LevelBot<G> {
        match level {
            Level::Easy => LevelBot::Easy(Blunders::new(G::heuristic(seed), EASY_BLUNDERS, seed)),
            Level::Medium => LevelBot::Medium(G::heuristic(seed)),
            Level::Hard => LevelBot::Hard(HardBot::new(G::HARD, seed)),
            Level::Expert => LevelBot::Expert(ExpertBot::new(G::EXPERT, G::EXPERT_SEARCH, seed)),
        }
    }
}

impl<G: Levels> Bot<G> for LevelBot<G> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        match self {
            LevelBot::Easy(bot) => bot.act(view),
            LevelBot::Medium(bot) => bot.act(view),
            LevelBot::Hard(bot) => bot.act(view),
            LevelBot::Expert(bot) => bot.act(view),
        }
    }
}

/// The hard level: where the game's heuristic would play an action of a kind
/// [`Levels::SEARCHED`] names, searches among the legal actions of those
/// kinds ([`SearchBot`]) and plays what it finds, or, in the games that say
/// so ([`Levels::OVERRULE`]), only what it finds clearly better than the
/// heuristic's choice; plays the heuristic's choice otherwise. The heuristic sees every decision, so that what it remembers of
/// the turn (Jolly's steps) stays true.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct HardBot<G: Levels> {
    pub search: SearchBot,
    heuristic: G::Heuristic,
}

impl<G: Levels> HardBot<G> {
    pub fn new(settings: Settings, seed: u64) -> HardBot<G> {
        HardBot {
            search: SearchBot::new(settings, seed),
            heuristic: G::heuristic(Self::heuristic_seed(seed)),
        }
    }

    /// The seed of a hard bot's heuristic: apart from its search's generator.
    pub const fn heuristic_seed(seed: u64) -> u64 {
        seed ^ 0x2545_F491_4F6C_DD1D
    }

    /// Whether the hard bot searches among actions of `action`'s kind.
    pub fn searched(action: ActionId) -> bool {
        G::SEARCHED.contains(&G::action_kind(action))
    }
}

impl<G: Levels> Bot<G> for HardBot<G> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        let heuristic = self.heuristic.act(view);
        if !Self::searched(heuristic) {
            return heuristic;
        }
        let choice = self.search.choose_among(view, Self::searched);
        if overrules(&choice, heuristic, G::OVERRULE) {
            choice.action
        } else {
            heuristic
        }
    }
}

/// An expert bot's budget: how many determinizations it solves a move on,
/// from how few cards left in hands it solves at all (before, the deal is
/// too long to solve within a move's time, and it plays as hard), and how
/// many positions one sample's solve may search (past them, it plays that
/// move as hard: a rare position solves in seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expert {
    pub samples: u32,
    pub from_cards_left: usize,
    /// A bot saved before the budget existed loads with the default.
    #[serde(default = "Expert::default_sample_nodes")]
    pub sample_nodes: u64,
}

impl Expert {
    /// The positions a sample's solve may search, by default: under a
    /// tenth of a second (French Tarot's search, the slowest a position,
    /// visits several million a second).
    pub const SAMPLE_NODES: u64 = 500_000;

    const fn default_sample_nodes() -> u64 {
        Expert::SAMPLE_NODES
    }
}

/// The expert level: perfect-information Monte Carlo. In the trick play
/// (where [`Solve::position`] applies and at most
/// [`Expert::from_cards_left`] cards are left in hands), draws
/// [`Expert::samples`] determinizations of what the seat may know, solves
/// each legal move on each exactly ([`Levels::expert_values`]: the two-sided
/// [`crate::solver`], max^n in Le Julien) and plays the move whose results
/// sum highest (among ties, the heuristic's choice if it is
/// one, else the lowest action id); elsewhere, and where a sample's solve
/// passes [`Expert::sample_nodes`], plays as the hard level (with
/// [`Levels::EXPERT_SEARCH`]'s search, longer in some games). Each move's
/// solves start from an empty table, so what they cost, and so whether
/// the budget holds, depends on the move alone: a loaded bot (whose
/// tables are not saved) plays as the saved one would have.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct ExpertBot<G: Levels> {
    pub settings: Expert,
    hard: HardBot<G>,
    rng: SplitMix64,
    /// The searches' tables, made on the first solve; not saved nor cloned
    /// (their entries are true of any deal: a new one only starts cold).
    #[serde(skip)]
    solvers: ExpertSolvers,
}

impl<G: Levels> ExpertBot<G> {
    /// An expert sampling as `settings` say, playing as a hard bot with the
    /// search settings `hard` elsewhere.
    pub fn new(settings: Expert, hard: Settings, seed: u64) -> ExpertBot<G> {
        ExpertBot {
            settings,
            hard: HardBot::new(hard, seed),
            // Apart from the hard bot's generators.
            rng: SplitMix64::new(seed ^ 0x3C6E_F372_FE94_F82B),
            solvers: ExpertSolvers::default(),
        }
    }

    /// The hard level's search iterations, where the bot played as hard.
    pub const fn iterations(&self) -> u64 {
        self.hard.search.iterations()
    }

    /// Each legal action's results summed over the determinizations, or
    /// `None` where the bot plays as hard.
    pub fn sampled_results(&mut self, view: &Observation<G>) -> Option<Vec<(ActionId, i64)>> {
        let seat = view.seat();
        let mut sums: Vec<(ActionId, i64)> = Vec::new();
        for sample in 0..self.settings.samples {
            let drawn = view.determinize(&mut self.rng);
            let position = drawn.position(seat)?;
            if sample == 0 {
                if position.cards_left() > self.settings.from_cards_left {
                    return None;
                }
                self.solvers.start_move(self.settings.sample_nodes);
            }
            let values = G::expert_values(&drawn, seat, &position, &mut self.solvers)?;
            if self.solvers.exhausted() {
                return None;
            }
            if sums.is_empty() {
                sums = values.iter().map(|&(action, _)| (action, 0)).collect();
            }
            for ((_, sum), (_, value)) in sums.iter_mut().zip(values) {
                *sum += i64::from(value);
            }
        }
        (!sums.is_empty()).then_some(sums)
    }
}

impl<G: Levels> Bot<G> for ExpertBot<G> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        let Some(sums) = self.sampled_results(view) else {
            return self.hard.act(view);
        };
        let best = sums.iter().map(|&(_, sum)| sum).max();
        let mut best_actions = sums.iter().filter(|&&(_, sum)| Some(sum) == best);
        // Among moves perfect play cannot tell apart, the rules of thumb
        // know what keeps the most against players who are not perfect.
        let heuristic = self.hard.heuristic.act(view);
        if best_actions.clone().any(|&(action, _)| action == heuristic) {
            return heuristic;
        }
        best_actions
            .next()
            .map(|&(action, _)| action)
            .expect("the seat to act has a legal action")
    }
}

/// An expert's searches, each made when first needed, which a clone or a
/// loaded bot makes anew; each call for one limits its search to
/// [`Expert::sample_nodes`] positions (a sample's; no limit until a move
/// sets it).
#[derive(Debug)]
pub struct ExpertSolvers {
    two_sided: Option<Box<Solver>>,
    maxn: Option<Box<maxn::Solver<4>>>,
    sample_nodes: u64,
}

impl Default for ExpertSolvers {
    fn default() -> ExpertSolvers {
        ExpertSolvers {
            two_sided: None,
            maxn: None,
            sample_nodes: u64::MAX,
        }
    }
}

impl ExpertSolvers {
    /// The tables' size: 2^16 entries (2 MiB each), enough for a move's
    /// solves.
    const TABLE_BITS: u32 = 16;

    /// The two-sided search ([`crate::solver`]), for one sample.
    pub fn two_sided(&mut self) -> &mut Solver {
        let solver = self
            .two_sided
            .get_or_insert_with(|| Box::new(Solver::new(Self::TABLE_BITS)));
        solver.limit_nodes(self.sample_nodes);
        solver
    }

    /// The max^n search of a game of four seats each playing for itself
    /// ([`crate::maxn`], Le Julien), for one sample.
    pub fn maxn(&mut self) -> &mut maxn::Solver<4> {
        let solver = self
            .maxn
            .get_or_insert_with(|| Box::new(maxn::Solver::new(Self::TABLE_BITS)));
        solver.limit_nodes(self.sample_nodes);
        solver
    }

    /// Before a move's samples: empty tables, `sample_nodes` positions a
    /// sample.
    fn start_move(&mut self, sample_nodes: u64) {
        self.sample_nodes = sample_nodes;
        if let Some(solver) = &mut self.two_sided {
            solver.clear();
        }
        if let Some(solver) = &mut self.maxn {
            solver.clear();
        }
    }

    /// Whether the last sample's search passed its budget.
    fn exhausted(&self) -> bool {
        self.two_sided
            .as_ref()
            .is_some_and(|solver| solver.exhausted())
            || self.maxn.as_ref().is_some_and(|solver| solver.exhausted())
    }
}

impl Clone for ExpertSolvers {
    fn clone(&self) -> ExpertSolvers {
        ExpertSolvers::default()
    }
}

/// Whether `choice` should be played rather than the heuristic's `heuristic`:
/// always without a `margin`, else if its mean result is ahead by more than
/// `margin` standard errors of the difference.
fn overrules(choice: &Choice, heuristic: ActionId, margin: Option<f64>) -> bool {
    let Some(margin) = margin else {
        return true;
    };
    match (choice.result_of(choice.action), choice.result_of(heuristic)) {
        (Some((best, best_error)), Some((rule, rule_error))) => {
            best - rule > margin * best_error.hypot(rule_error)
        }
        // The heuristic's choice was not tried: no evidence against it.
        _ => false,
    }
}

/// Plays as `inner` but, with probability `rate`, a random legal action instead.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Blunders<B> {
    inner: B,
    rate: f64,
    rng: SplitMix64,
}

impl<B> Blunders<B> {
    pub const fn new(inner: B, rate: f64, seed: u64) -> Blunders<B> {
        Blunders {
            inner,
            rate,
            // Apart from the inner bot's generator, which may share the seed.
            rng: SplitMix64::new(seed ^ 0x5DEE_CE66_D1CE_4E5B),
        }
    }
}

impl<G: Game, B: Bot<G>> Bot<G> for Blunders<B> {
    fn act(&mut self, view: &Observation<G>) -> ActionId {
        if self.rng.unit() < self.rate {
            let mut legal = Vec::new();
            view.legal_actions(&mut legal);
            if !legal.is_empty() {
                return legal[self.rng.below(legal.len() as u64) as usize];
            }
        }
        self.inner.act(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brouc::Brouc;
    use crate::games::five_hundred::FiveHundred;
    use crate::games::jolly::Jolly;
    use crate::games::julien::Julien;
    use crate::games::tarot::Tarot;
    use crate::ismcts::{Budget, Rollout};
    use serde_json::{Map, Value};

    fn single_deal() -> Map<String, Value> {
        let mut options = Map::new();
        options.insert("single_deal".to_owned(), Value::from(true));
        options
    }

    /// Plays a game from `seed` with `options` by a bot of `level` at every
    /// seat (`make` builds them), checking every action is legal.
    fn legal_through<G: Levels>(
        seed: u64,
        options: &Map<String, Value>,
        make: impl Fn(u64) -> Box<dyn Bot<G>>,
    ) {
        let mut game = G::new(seed, options).unwrap();
        let mut bots: Vec<_> = (0..game.num_players())
            .map(|s| make(seed * 10 + s as u64))
            .collect();
        let mut legal = Vec::new();
        let mut steps = 0;
        while let Some(seat) = game.current_player() {
            game.legal_actions(&mut legal);
            let action = bots[seat].act(&Observation::new(&game, seat).unwrap());
            assert!(legal.contains(&action), "{} seed {seed}: {action}", G::NAME);
            game.apply(action).unwrap();
            steps += 1;
            assert!(steps < 100_000, "{} seed {seed}: no end", G::NAME);
        }
    }

    fn every_level_plays_legally<G: Levels>() {
        for seed in 0..2 {
            // Whole matches for easy and medium.
            for level in [Level::Easy, Level::Medium] {
                legal_through::<G>(seed, &Map::new(), |s| bot::<G>(level, s));
            }
            // The hard bot (a small budget, to stay fast) through a single deal.
            let small = Settings {
                budget: Budget::Iterations(30),
                ..G::HARD
            };
            legal_through::<G>(seed, &single_deal(), |s| {
                Box::new(HardBot::<G>::new(small, s))
            });
        }
    }

    #[test]
    fn every_level_of_every_game_plays_legal_actions() {
        every_level_plays_legally::<Brouc>();
        every_level_plays_legally::<Julien>();
        every_level_plays_legally::<Tarot>();
        every_level_plays_legally::<FiveHundred>();
        every_level_plays_legally::<Jolly>();
    }

    #[test]
    fn hard_budgets_are_iterations_with_heuristic_rollouts() {
        // Iterations, so a seeded hard bot is reproducible.
        for settings in [
            Brouc::HARD,
            Julien::HARD,
            Tarot::HARD,
            FiveHundred::HARD,
            Jolly::HARD,
        ] {
            assert!(matches!(settings.budget, Budget::Iterations(n) if n > 0));
            assert!(matches!(settings.rollout, Rollout::Heuristic { .. }));
        }
    }

    #[test]
    fn the_search_overrules_the_heuristic_by_the_games_margin() {
        // Sums of 200 and 100 results with the given mean and standard error.
        let choice = |results: [(f64, f64); 2]| {
            let sums = [200.0, 100.0]
                .iter()
                .zip(results)
                .map(|(&n, (mean, error))| {
                    let variance = error * error * n;
                    (mean * n, variance * (n - 1.0) + mean * mean * n)
                });
            Choice {
                action: 7,
                iterations: 300,
                visits: vec![(7, 200), (3, 100)],
                sums: sums.collect(),
            }
        };
        let two = Some(2.0);
        // 0.3 ahead, with errors of 0.1 each: 2.1 standard errors.
        assert!(overrules(&choice([(0.5, 0.1), (0.2, 0.1)]), 3, two));
        // 0.2 ahead: 1.4 standard errors, enough for a margin of one.
        assert!(!overrules(&choice([(0.4, 0.1), (0.2, 0.1)]), 3, two));
        assert!(overrules(&choice([(0.4, 0.1), (0.2, 0.1)]), 3, Some(1.0)));
        // Without a margin, the search's pick.
        assert!(overrules(&choice([(0.2, 0.1), (0.4, 0.1)]), 3, None));
        // The heuristic's own choice, or one never tried.
        assert!(!overrules(&choice([(0.5, 0.1), (0.2, 0.1)]), 7, two));
        assert!(!overrules(&choice([(0.5, 0.1), (0.2, 0.1)]), 5, two));
    }

    #[test]
    fn hard_plays_the_heuristic_unless_it_would_play_a_searched_kind() {
        // Jolly: draws and discards are searched, melding steps are the heuristic's.
        let small = Settings {
            budget: Budget::Iterations(20),
            ..Jolly::HARD
        };
        let (mut followed, mut searched) = (0, 0);
        // Single deals until seat 0 has melded: the first ones may end before.
        for seed in 0..6 {
            let mut game = Jolly::new(seed, &single_deal()).unwrap();
            let mut hard = HardBot::<Jolly>::new(small, seed);
            // The hard bot's own heuristic, fed the same views: the same choices.
            let mut twin = Jolly::heuristic(HardBot::<Jolly>::heuristic_seed(seed));
            let mut medium = bot::<Jolly>(Level::Medium, seed);
            while let Some(seat) = game.current_player() {
                let view = Observation::new(&game, seat).unwrap();
                let action = if seat == 0 {
                    let heuristic = twin.act(&view);
                    let action = hard.act(&view);
                    if HardBot::<Jolly>::searched(heuristic) {
                        assert!(
                            HardBot::<Jolly>::searched(action),
                            "{heuristic} -> {action}"
                        );
                        searched += 1;
                    } else {
                        assert_eq!(action, heuristic);
                        followed += 1;
                    }
                    action
                } else {
                    medium.act(&view)
                };
                game.apply(action).unwrap();
            }
            if followed > 5 {
                break;
            }
        }
        assert!(
            followed > 5 && searched > 5,
            "{followed} followed, {searched} searched"
        );
    }

    /// The bot of `level`, an expert with a budget a debug build plays fast.
    fn quick_bot<G: Levels>(level: Level, seed: u64) -> LevelBot<G> {
        match level {
            Level::Expert => {
                LevelBot::Expert(ExpertBot::new(QUICK_EXPERT, quick_hard::<G>(), seed))
            }
            level => LevelBot::new(level, seed),
        }
    }

    /// A hard search small enough for a debug build.
    fn quick_hard<G: Levels>() -> Settings {
        Settings {
            budget: Budget::Iterations(30),
            ..G::HARD
        }
    }

    const QUICK_EXPERT: Expert = Expert {
        samples: 3,
        from_cards_left: 12,
        sample_nodes: Expert::SAMPLE_NODES,
    };

    #[test]
    fn the_expert_solves_the_trick_play_and_plays_as_hard_elsewhere() {
        // Single deals, the expert at seat 0 against medium bots: every move
        // legal; from 12 cards left it solves (its hard bot runs no search),
        // before it searches as hard.
        fn run<G: Levels>(seed: u64) -> (u64, usize) {
            let mut game = G::new(seed, &single_deal()).unwrap();
            let mut expert = ExpertBot::<G>::new(QUICK_EXPERT, quick_hard::<G>(), seed);
            let mut medium = bot::<G>(Level::Medium, seed);
            let mut legal = Vec::new();
            let mut solved = 0;
            while let Some(seat) = game.current_player() {
                let view = Observation::new(&game, seat).unwrap();
                let action = if seat == 0 {
                    let before = expert.iterations();
                    game.legal_actions(&mut legal);
                    let action = expert.act(&view);
                    assert!(legal.contains(&action), "{}: {action}", G::NAME);
                    let position = game.position(seat);
                    if position.is_some_and(|p| p.cards_left() <= 12) && legal.len() > 1 {
                        assert_eq!(expert.iterations(), before, "{} solved", G::NAME);
                        solved += 1;
                    }
                    action
                } else {
                    medium.act(&view)
                };
                game.apply(action).unwrap();
            }
            (expert.iterations(), solved)
        }
        let both = |run: fn(u64) -> (u64, usize)| {
            let (a, b) = (run(0), run(1));
            (a.0 + b.0, a.1 + b.1)
        };
        // Over two deals, the expert met decisions of both kinds.
        for (name, (searched, solved)) in [
            ("brouc", both(run::<Brouc>)),
            ("julien", both(run::<Julien>)),
            ("tarot", both(run::<Tarot>)),
            ("500", both(run::<FiveHundred>)),
        ] {
            assert!(
                searched > 0 && solved > 0,
                "{name}: {searched} iterations, {solved} solved"
            );
        }
        // No trick play: hard throughout.
        let (searched, solved) = both(run::<Jolly>);
        assert!(searched > 0 && solved == 0, "jolly {searched} {solved}");
    }

    #[test]
    fn the_expert_level_searches_with_its_games_settings() {
        // Four times hard's iterations where the solver alone drew level
        // (500, Le Julien), hard's own elsewhere.
        fn searched_with<G: Levels>() -> Settings {
            match LevelBot::<G>::new(Level::Expert, 3) {
                LevelBot::Expert(bot) => bot.hard.search.settings,
                _ => unreachable!("an expert level bot"),
            }
        }
        let times = |settings: Settings, factor: u32| match settings.budget {
            Budget::Iterations(n) => Budget::Iterations(n * factor),
            time => time,
        };
        assert_eq!(
            searched_with::<FiveHundred>().budget,
            times(FiveHundred::HARD, 4)
        );
        assert_eq!(searched_with::<Julien>().budget, times(Julien::HARD, 4));
        assert_eq!(searched_with::<Brouc>(), Brouc::HARD);
        assert_eq!(searched_with::<Tarot>(), Tarot::HARD);
        assert_eq!(searched_with::<Jolly>(), Jolly::HARD);
        let longer = searched_with::<Julien>();
        assert_eq!((longer.rollout, longer.threads), (Julien::HARD.rollout, 1));
    }

    #[test]
    fn an_expert_past_its_budget_plays_as_hard() {
        // A budget of one position a sample: every solve stops, and the
        // expert plays each move as a hard bot of its seed would.
        fn run<G: Levels>(seed: u64) {
            let starved = Expert {
                sample_nodes: 1,
                ..QUICK_EXPERT
            };
            let mut game = G::new(seed, &single_deal()).unwrap();
            let mut expert = ExpertBot::<G>::new(starved, quick_hard::<G>(), seed);
            let mut hard = HardBot::<G>::new(quick_hard::<G>(), seed);
            let mut medium = bot::<G>(Level::Medium, seed);
            let mut solvable = 0;
            while let Some(seat) = game.current_player() {
                let view = Observation::new(&game, seat).unwrap();
                let action = if seat == 0 {
                    solvable +=
                        usize::from(game.position(seat).is_some_and(|p| p.cards_left() <= 12));
                    let action = expert.act(&view);
                    assert_eq!(action, hard.act(&view), "{}", G::NAME);
                    action
                } else {
                    medium.act(&view)
                };
                game.apply(action).unwrap();
            }
            assert!(
                solvable > 0,
                "{}: no move within the expert's reach",
                G::NAME
            );
        }
        run::<Brouc>(3);
        run::<Julien>(3);
        run::<Tarot>(3);
        run::<FiveHundred>(3);
    }

    /// At a few decisions of a single deal played by medium bots, each
    /// level's seeded bot chooses the same from the true state and from a
    /// determinization of it (other seats' hidden cards swapped consistently
    /// with what the acting seat has seen).
    fn no_level_cheats<G: Levels>(seed: u64, every: usize) {
        let mut game = G::new(seed, &single_deal()).unwrap();
        let mut medium = bot::<G>(Level::Medium, seed);
        let mut rng = SplitMix64::new(seed);
        let mut step = 0;
        let mut checked = 0;
        let mut legal = Vec::new();
        while let Some(seat) = game.current_player() {
            game.legal_actions(&mut legal);
            if step % every == 0 && legal.len() > 1 {
                let other = game.determinize(seat, &mut rng);
                if other.to_json() != game.to_json() {
                    for level in Level::ALL {
                        let bot_seed = seed + step as u64;
                        let mine = quick_bot::<G>(level, bot_seed)
                            .act(&Observation::new(&game, seat).unwrap());
                        let theirs = quick_bot::<G>(level, bot_seed)
                            .act(&Observation::new(&other, seat).unwrap());
                        assert_eq!(mine, theirs, "{} {level:?} step {step}", G::NAME);
                    }
                    checked += 1;
                }
            }
            let action = medium.act(&Observation::new(&game, seat).unwrap());
            game.apply(action).unwrap();
            step += 1;
        }
        assert!(checked > 0, "{}: no decision checked", G::NAME);
    }

    #[test]
    fn no_level_of_any_game_reads_hidden_cards() {
        no_level_cheats::<Brouc>(1, 9);
        no_level_cheats::<Julien>(1, 13);
        no_level_cheats::<Tarot>(1, 23);
        no_level_cheats::<FiveHundred>(1, 11);
        no_level_cheats::<Jolly>(1, 5);
    }
}
