//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling,
//! Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).
//!
//! One tree for the searching seat's information set: every iteration draws a
//! determinization of the true state for that seat ([`Determinize`]), walks
//! the tree choosing among the actions legal in that determinization (UCB1 with
//! availability counts, since an action is not legal in every draw), adds one
//! node, plays the rest of the deal out ([`Rollout`]: at random, or by the
//! game's heuristic bot) and credits each node with the result for the seat
//! that chose its action. The search never reads the hidden cards: only its
//! draws, which depend on what the seat may know.
//!
//! With several threads the search is root-parallel: each thread grows its
//! own tree from its own generator, and the root visits are summed.

use std::time::{Duration, Instant};

use crate::bot::{Bot, Levels};
use crate::determinize::Determinize;
use crate::game::ActionId;
use crate::observation::Observation;
use crate::rng::SplitMix64;
use serde::{Deserialize, Serialize};

/// What a search needs of a game beyond determinization: where a rollout
/// stops, and how a deal's result is scaled.
pub trait Search: Determinize {
    /// The deals finished so far in the match: a rollout plays until it grows
    /// (or the match ends), so a search looks one deal ahead.
    fn deals_done(&self) -> usize;
    /// A typical deal's swing in match score, which maps a rollout's score
    /// differences to about [-1, 1].
    const SCORE_SCALE: f64;
}

/// How long a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Budget {
    Iterations(u32),
    Time(Duration),
}

/// How a search plays a deal out from the node it adds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Rollout {
    /// Uniformly random legal actions.
    Random,
    /// The game's heuristic bot ([`Levels::heuristic`]) for every seat, each
    /// deciding from its own observation of the determinized state; with
    /// probability `epsilon` a step is a random legal action instead.
    Heuristic { epsilon: f64 },
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub budget: Budget,
    /// UCB1's exploration constant.
    pub exploration: f64,
    pub rollout: Rollout,
    /// Independent trees searched at once, one per thread (0 counts as 1).
    /// An iteration budget is shared out among them; a time budget is each one's.
    pub threads: usize,
}

impl Settings {
    /// Settings with the default budget and exploration, on one thread.
    pub const DEFAULT: Settings = Settings {
        budget: Budget::Iterations(1000),
        exploration: 0.7,
        rollout: Rollout::Random,
        threads: 1,
    };

    /// A hard bot's settings: `iterations` a move (so that a seeded bot is
    /// reproducible), heuristic play-outs without random steps, the default
    /// exploration, one thread.
    pub const fn hard(iterations: u32) -> Settings {
        Settings {
            budget: Budget::Iterations(iterations),
            rollout: Rollout::Heuristic { epsilon: 0.0 },
            ..Settings::DEFAULT
        }
    }

    /// These settings with `factor` times their iterations (a time budget
    /// unchanged).
    pub const fn iterations_times(self, factor: u32) -> Settings {
        let budget = match self.budget {
            Budget::Iterations(n) => Budget::Iterations(n.saturating_mul(factor)),
            time => time,
        };
        Settings { budget, ..self }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::DEFAULT
    }
}

/// A node: the action that led to it, who chose it, and its statistics.
#[derive(Clone, Debug)]
struct Node {
    action: ActionId,
    /// The seat that chose `action`, whose result the node accumulates.
    chooser: usize,
    children: Vec<usize>,
    visits: u32,
    /// How many times the node's action was legal when its parent was visited.
    availability: u32,
    total: f64,
    /// The sum of the squared results, for the standard error.
    squares: f64,
}

/// What one search found: the action chosen, and the iterations it ran.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub action: ActionId,
    pub iterations: u32,
    /// Visits per root action, in the order the actions were first tried
    /// (with threads, the first thread's order, then the next one's new actions).
    pub visits: Vec<(ActionId, u32)>,
    /// Per root action, in the same order: the sum of its visits' results for
    /// the searching seat, and the sum of their squares.
    pub sums: Vec<(f64, f64)>,
}

impl Choice {
    /// Root action `action`'s mean result and the standard error of that
    /// mean (0 under two visits), if it was searched.
    pub fn result_of(&self, action: ActionId) -> Option<(f64, f64)> {
        let index = self.visits.iter().position(|&(a, _)| a == action)?;
        let n = f64::from(self.visits[index].1);
        let (total, squares) = self.sums[index];
        let mean = total / n.max(1.0);
        if n < 2.0 {
            return Some((mean, 0.0));
        }
        let variance = ((squares - total * mean) / (n - 1.0)).max(0.0);
        Some((mean, (variance / n).sqrt()))
    }
}

/// Searches from `game` for the seat to act and returns its choice (`None`
/// once the game is over). Deterministic for a given `rng` (and thread
/// count) under an iteration budget.
pub fn search<G: Levels>(game: &G, settings: &Settings, rng: &mut SplitMix64) -> Option<Choice> {
    search_among(game, settings, rng, |_| true)
}

/// [`search`], choosing only among the legal actions `among` accepts (`None`
/// if it accepts none); below the root, every legal action is played.
pub fn search_among<G: Levels>(
    game: &G,
    settings: &Settings,
    rng: &mut SplitMix64,
    among: impl Fn(ActionId) -> bool + Sync,
) -> Option<Choice> {
    if settings.threads <= 1 {
        return search_tree(game, settings, rng, &among);
    }
    if let Some(only) = only_action(game, &among)? {
        return Some(only);
    }
    let threads = settings.threads;
    // Each tree's generator is drawn before any starts, so the draws do not
    // depend on the threads' timing.
    let trees: Vec<(Settings, SplitMix64)> = (0..threads)
        .map(|index| {
            let budget = match settings.budget {
                Budget::Iterations(n) => {
                    let share = n / threads as u32 + u32::from(index < n as usize % threads);
                    Budget::Iterations(share)
                }
                time => time,
            };
            let one = Settings {
                budget,
                threads: 1,
                ..*settings
            };
            (one, SplitMix64::new(rng.next_u64()))
        })
        .collect();
    let choices: Vec<Option<Choice>> = std::thread::scope(|scope| {
        let handles: Vec<_> = trees
            .into_iter()
            .map(|(one, mut rng)| {
                let among = &among;
                scope.spawn(move || search_tree(game, &one, &mut rng, among))
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a search thread panicked"))
            .collect()
    });
    let mut iterations = 0;
    let mut visits: Vec<(ActionId, u32)> = Vec::new();
    let mut sums: Vec<(f64, f64)> = Vec::new();
    for choice in choices.into_iter().flatten() {
        iterations += choice.iterations;
        for ((action, count), (total, squares)) in choice.visits.into_iter().zip(choice.sums) {
            match visits.iter().position(|&(a, _)| a == action) {
                Some(index) => {
                    visits[index].1 += count;
                    sums[index].0 += total;
                    sums[index].1 += squares;
                }
                None => {
                    visits.push((action, count));
                    sums.push((total, squares));
                }
            }
        }
    }
    Some(Choice {
        action: most_visited(&visits).unwrap_or_else(|| first_among(game, &among)),
        iterations,
        visits,
        sums,
    })
}

/// The choice without a search when `among` accepts a single legal action
/// (`None` inside when there is a choice to search; `None` outside once the
/// game is over, or if `among` accepts no legal action).
fn only_action<G: Search>(game: &G, among: impl Fn(ActionId) -> bool) -> Option<Option<Choice>> {
    game.current_player()?;
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal.retain(|&action| among(action));
    Some(match legal[..] {
        [] => return None,
        [only] => Some(Choice {
            action: only,
            iterations: 0,
            visits: vec![(only, 0)],
            sums: vec![(0.0, 0.0)],
        }),
        _ => None,
    })
}

/// The most visited root action, the lowest on a tie.
fn most_visited(visits: &[(ActionId, u32)]) -> Option<ActionId> {
    visits
        .iter()
        .max_by_key(|&&(action, count)| (count, std::cmp::Reverse(action)))
        .map(|&(action, _)| action)
}

/// One tree's search, on the calling thread.
fn search_tree<G: Levels>(
    game: &G,
    settings: &Settings,
    rng: &mut SplitMix64,
    among: impl Fn(ActionId) -> bool,
) -> Option<Choice> {
    match settings.rollout {
        Rollout::Random => run(game, settings, rng, among, |mut state, rng, start_deals| {
            while playing(&state, start_deals).is_some() {
                state.play_random(rng);
            }
            state
        }),
        Rollout::Heuristic { epsilon } => {
            // The rollouts' heuristic has its own generator, seeded from the search's.
            let mut heuristic = G::heuristic(rng.next_u64());
            run(game, settings, rng, among, |state, rng, start_deals| {
                heuristic_rollout(state, &mut heuristic, epsilon, rng, start_deals)
            })
        }
    }
}

/// Plays `state` to the end of the deal by `heuristic`, each step decided
/// from the acting seat's observation of it (the state moves into the
/// observation and back: no copy), or at random with probability `epsilon`.
fn heuristic_rollout<G: Search>(
    mut state: G,
    heuristic: &mut impl Bot<G>,
    epsilon: f64,
    rng: &mut SplitMix64,
    start_deals: usize,
) -> G {
    while let Some(seat) = playing(&state, start_deals) {
        if epsilon > 0.0 && rng.unit() < epsilon {
            state.play_random(rng);
            continue;
        }
        let view = Observation::of(state, seat);
        let action = heuristic.act(&view);
        state = view.into_game();
        state
            .apply(action)
            .expect("the heuristic plays a legal action");
    }
    state
}

/// The search, its rollouts played by `rollout` (from a state, to the end of
/// the deal numbered by its argument).
fn run<G: Search>(
    game: &G,
    settings: &Settings,
    rng: &mut SplitMix64,
    among: impl Fn(ActionId) -> bool,
    mut rollout: impl FnMut(G, &mut SplitMix64, usize) -> G,
) -> Option<Choice> {
    if let Some(only) = only_action(game, &among)? {
        return Some(only);
    }
    let seat = game.current_player()?;
    let mut legal = Vec::new();
    let start_scores = game.scores();
    let start_deals = game.deals_done();
    let mut tree = vec![Node {
        action: 0,
        chooser: seat,
        children: Vec::new(),
        visits: 0,
        availability: 0,
        total: 0.0,
        squares: 0.0,
    }];
    let started = Instant::now();
    let mut iterations = 0;
    let mut path = Vec::new();
    let mut untried = Vec::new();
    loop {
        match settings.budget {
            Budget::Iterations(n) if iterations >= n => break,
            // Checked every 16 iterations: a clock read costs about as much as a step.
            Budget::Time(limit) if iterations % 16 == 0 && started.elapsed() >= limit => break,
            _ => {}
        }
        let mut state = game.determinize(seat, rng);
        path.clear();
        path.push(0);
        let mut node = 0;
        // Selection, then one expansion.
        while let Some(player) = playing(&state, start_deals) {
            state.legal_actions(&mut legal);
            if node == 0 {
                legal.retain(|&action| among(action));
            }
            untried.clear();
            untried.extend(
                legal
                    .iter()
                    .copied()
                    .filter(|&a| !tree[node].children.iter().any(|&c| tree[c].action == a)),
            );
            if !untried.is_empty() {
                let action = untried[rng.below(untried.len() as u64) as usize];
                state.apply(action).expect("a legal action of the state");
                tree.push(Node {
                    action,
                    chooser: player,
                    children: Vec::new(),
                    visits: 0,
                    availability: 1,
                    total: 0.0,
                    squares: 0.0,
                });
                let child = tree.len() - 1;
                tree[node].children.push(child);
                path.push(child);
                break;
            }
            let child = select(&mut tree, node, &legal, settings.exploration);
            state
                .apply(tree[child].action)
                .expect("a child whose action is legal");
            path.push(child);
            node = child;
        }
        // Rollout to the end of the deal.
        let state = rollout(state, rng, start_deals);
        let results = results(&state, &start_scores);
        for &on_path in &path {
            let node = &mut tree[on_path];
            let result = results[node.chooser];
            node.visits += 1;
            node.total += result;
            node.squares += result * result;
        }
        iterations += 1;
    }
    let root = &tree[0].children;
    let visits: Vec<(ActionId, u32)> = root
        .iter()
        .map(|&c| (tree[c].action, tree[c].visits))
        .collect();
    let sums = root
        .iter()
        .map(|&c| (tree[c].total, tree[c].squares))
        .collect();
    Some(Choice {
        action: most_visited(&visits).unwrap_or_else(|| first_among(game, &among)),
        iterations,
        visits,
        sums,
    })
}

/// The first legal action `among` accepts (one does: the search checked).
fn first_among<G: Search>(game: &G, among: impl Fn(ActionId) -> bool) -> ActionId {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal
        .into_iter()
        .find(|&action| among(action))
        .expect("an action `among` accepts")
}

/// The seat to act while the deal the search started in goes on.
fn playing<G: Search>(state: &G, start_deals: usize) -> Option<usize> {
    state
        .current_player()
        .filter(|_| state.deals_done() == start_deals)
}

/// UCB1 over the children legal now, counting each one's availability.
fn select(tree: &mut [Node], node: usize, legal: &[ActionId], exploration: f64) -> usize {
    let mut best = None;
    let mut best_value = f64::NEG_INFINITY;
    for index in 0..tree[node].children.len() {
        let child = tree[node].children[index];
        if !legal.contains(&tree[child].action) {
            continue;
        }
        let c = &mut tree[child];
        c.availability += 1;
        let visits = f64::from(c.visits.max(1));
        let value =
            c.total / visits + exploration * (f64::from(c.availability).ln() / visits).sqrt();
        if value > best_value {
            best_value = value;
            best = Some(child);
        }
    }
    best.expect("every legal action has a child once none is untried")
}

/// How far `seat`'s value is above the mean of the other seats' (below it
/// when negative); the seats' margins sum to 0.
pub fn margin(values: &[f64], seat: usize) -> f64 {
    let total: f64 = values.iter().sum();
    let others = (total - values[seat]) / (values.len() - 1) as f64;
    values[seat] - others
}

/// Each seat's result of a rollout: its score gain over the others' mean,
/// scaled to about [-1, 1], plus 1 for a match won (-1 lost) in the rollout.
fn results<G: Search>(state: &G, start_scores: &[i64]) -> Vec<f64> {
    let gains: Vec<f64> = state
        .scores()
        .iter()
        .zip(start_scores)
        .map(|(&end, &start)| (end - start) as f64)
        .collect();
    let winners = state.winning_seats();
    (0..gains.len())
        .map(|seat| {
            let mut result = (margin(&gains, seat) / G::SCORE_SCALE).clamp(-1.0, 1.0);
            if !winners.is_empty() {
                result += if winners.contains(&seat) { 1.0 } else { -1.0 };
            }
            result
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::five_hundred::FiveHundred;
    use crate::games::julien::Julien;
    use serde_json::{json, Map, Value};

    fn single_deal() -> Map<String, Value> {
        json!({"single_deal": true}).as_object().unwrap().clone()
    }

    fn settings(iterations: u32) -> Settings {
        Settings {
            budget: Budget::Iterations(iterations),
            ..Settings::default()
        }
    }

    #[test]
    fn a_search_is_blind_to_the_hidden_cards() {
        // Positions the searching seat cannot tell apart (a determinization of
        // the truth is another possible truth) get the same search.
        let mut game = Julien::new(3, &single_deal()).unwrap();
        let mut rng = SplitMix64::new(3);
        for step in 0..40 {
            let seat = game.current_player().unwrap();
            if step % 7 == 0 {
                let other = game.determinize(seat, &mut SplitMix64::new(step));
                assert_ne!(other.to_json(), game.to_json());
                let mine = search(&game, &settings(60), &mut SplitMix64::new(1)).unwrap();
                let theirs = search(&other, &settings(60), &mut SplitMix64::new(1)).unwrap();
                assert_eq!(mine, theirs, "step {step}");
                let mut legal = Vec::new();
                game.legal_actions(&mut legal);
                assert!(legal.contains(&mine.action));
                let searched = if legal.len() > 1 { 60 } else { 0 };
                assert_eq!(mine.iterations, searched);
            }
            game.play_random(&mut rng);
        }
    }

    fn heuristic(iterations: u32, epsilon: f64) -> Settings {
        Settings {
            budget: Budget::Iterations(iterations),
            rollout: Rollout::Heuristic { epsilon },
            ..Settings::default()
        }
    }

    #[test]
    fn a_search_with_heuristic_rollouts_is_blind_to_the_hidden_cards() {
        for epsilon in [0.0, 0.2] {
            let mut game = FiveHundred::new(4, &single_deal()).unwrap();
            let mut rng = SplitMix64::new(4);
            let mut checked = 0;
            while let Some(seat) = game.current_player() {
                let mut legal = Vec::new();
                game.legal_actions(&mut legal);
                if legal.len() > 1 && game.history().len() % 5 == 0 {
                    let other = game.determinize(seat, &mut SplitMix64::new(checked));
                    let settings = heuristic(80, epsilon);
                    let mine = search(&game, &settings, &mut SplitMix64::new(2)).unwrap();
                    let theirs = search(&other, &settings, &mut SplitMix64::new(2)).unwrap();
                    assert_eq!(mine, theirs, "epsilon {epsilon}, {:?}", game.history());
                    assert!(legal.contains(&mine.action));
                    assert_eq!(mine.iterations, 80);
                    checked += 1;
                }
                game.play_random(&mut rng);
            }
            assert!(checked > 3);
        }
    }

    #[test]
    fn heuristic_rollouts_are_deterministic_for_a_seed() {
        let mut game = Julien::new(8, &single_deal()).unwrap();
        let mut rng = SplitMix64::new(8);
        for _ in 0..9 {
            game.play_random(&mut rng);
        }
        let settings = heuristic(200, 0.1);
        let first = search(&game, &settings, &mut SplitMix64::new(5)).unwrap();
        let again = search(&game, &settings, &mut SplitMix64::new(5)).unwrap();
        assert_eq!(first, again);
        let total: u32 = first.visits.iter().map(|&(_, v)| v).sum();
        assert_eq!(total, 200);
        // Rollouts that differ from random ones give other statistics.
        let random = search(&game, &settings_random(200), &mut SplitMix64::new(5)).unwrap();
        assert_ne!(first.visits, random.visits);
    }

    fn settings_random(iterations: u32) -> Settings {
        settings(iterations)
    }

    #[test]
    fn a_search_among_some_actions_chooses_one_of_them() {
        let mut game = Julien::new(6, &single_deal()).unwrap();
        let mut rng = SplitMix64::new(6);
        let mut legal = Vec::new();
        let mut checked = 0;
        while let Some(_seat) = game.current_player() {
            game.legal_actions(&mut legal);
            if legal.len() > 2 {
                // Every other legal action: the root's statistics hold only those.
                let allowed: Vec<ActionId> = legal.iter().copied().step_by(2).collect();
                let choice =
                    search_among(&game, &settings(50), &mut rng, |a| allowed.contains(&a)).unwrap();
                assert!(allowed.contains(&choice.action));
                assert!(choice.visits.iter().all(|(a, _)| allowed.contains(a)));
                assert_eq!(choice.iterations, 50);
                assert!(search_among(&game, &settings(50), &mut rng, |_| false).is_none());
                checked += 1;
            }
            game.play_random(&mut rng);
        }
        assert!(checked > 5);
    }

    #[test]
    fn a_forced_move_needs_no_search() {
        let mut game = FiveHundred::new(1, &single_deal()).unwrap();
        let mut rng = SplitMix64::new(1);
        let mut legal = Vec::new();
        loop {
            game.legal_actions(&mut legal);
            if legal.len() == 1 {
                break;
            }
            game.play_random(&mut rng);
        }
        let choice = search(&game, &settings(500), &mut rng).unwrap();
        assert_eq!((choice.action, choice.iterations), (legal[0], 0));
    }

    /// The score difference, searching team minus the other, over `deals`
    /// single deals of 500 where seats `team` and `team + 2` search.
    fn team_margin(team: usize, deals: u64, iterations: u32) -> i64 {
        let mut margin = 0;
        for seed in 0..deals {
            let mut game = FiveHundred::new(seed, &single_deal()).unwrap();
            let mut rng = SplitMix64::new(seed);
            while let Some(seat) = game.current_player() {
                if seat % 2 == team {
                    let choice = search(&game, &settings(iterations), &mut rng).unwrap();
                    game.apply(choice.action).unwrap();
                } else {
                    game.play_random(&mut rng);
                }
            }
            let scores = game.scores();
            margin += scores[team] - scores[1 - team];
        }
        margin
    }

    #[test]
    fn a_search_outplays_random_play() {
        // The same deals with the searching team in either seat pair.
        for team in [0, 1] {
            let margin = team_margin(team, 6, 150);
            assert!(margin > 0, "team {team}: {margin}");
        }
    }

    /// A Le Julien position nine random steps into a single deal.
    fn julien_position(seed: u64) -> Julien {
        let mut game = Julien::new(seed, &single_deal()).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..9 {
            game.play_random(&mut rng);
        }
        game
    }

    fn threaded(iterations: u32, threads: usize, rollout: Rollout) -> Settings {
        Settings {
            budget: Budget::Iterations(iterations),
            rollout,
            threads,
            ..Settings::default()
        }
    }

    #[test]
    fn threads_are_deterministic_for_a_seed_and_share_the_iterations() {
        let game = julien_position(8);
        for rollout in [Rollout::Random, Rollout::Heuristic { epsilon: 0.1 }] {
            // 301 iterations: the remainder goes to the first threads.
            for (threads, iterations) in [(2, 301), (3, 301), (4, 2)] {
                let settings = threaded(iterations, threads, rollout);
                let first = search(&game, &settings, &mut SplitMix64::new(5)).unwrap();
                let again = search(&game, &settings, &mut SplitMix64::new(5)).unwrap();
                assert_eq!(first, again, "{threads} threads");
                assert_eq!(first.iterations, iterations);
                let visited: u32 = first.visits.iter().map(|&(_, v)| v).sum();
                assert_eq!(visited, iterations);
                assert_eq!(
                    Some(first.action),
                    most_visited(&first.visits),
                    "{:?}",
                    first.visits
                );
            }
        }
        // Other trees than one thread's: other statistics.
        let one = search(
            &game,
            &threaded(300, 1, Rollout::Random),
            &mut SplitMix64::new(5),
        );
        let two = search(
            &game,
            &threaded(300, 2, Rollout::Random),
            &mut SplitMix64::new(5),
        );
        assert_ne!(one.unwrap().visits, two.unwrap().visits);
    }

    #[test]
    fn threads_sum_the_trees_of_their_own_generators() {
        // Two threads' visits are those of two one-thread searches seeded as
        // the threads are, summed.
        let game = julien_position(3);
        let mut rng = SplitMix64::new(9);
        let seeds = [rng.next_u64(), rng.next_u64()];
        let two = search(
            &game,
            &threaded(201, 2, Rollout::Random),
            &mut SplitMix64::new(9),
        )
        .unwrap();
        let mut summed: Vec<(ActionId, u32)> = Vec::new();
        for (seed, share) in seeds.into_iter().zip([101, 100]) {
            let one = threaded(share, 1, Rollout::Random);
            let tree = search(&game, &one, &mut SplitMix64::new(seed)).unwrap();
            for (action, count) in tree.visits {
                match summed.iter_mut().find(|(a, _)| *a == action) {
                    Some((_, total)) => *total += count,
                    None => summed.push((action, count)),
                }
            }
        }
        assert_eq!(two.visits, summed);
    }

    #[test]
    fn threads_short_circuit_a_single_legal_action_and_a_finished_game() {
        let mut game = FiveHundred::new(2, &single_deal()).unwrap();
        let mut rng = SplitMix64::new(2);
        let mut legal = Vec::new();
        let mut seen_single = false;
        while game.current_player().is_some() {
            game.legal_actions(&mut legal);
            if legal.len() == 1 {
                let choice = search(&game, &threaded(500, 2, Rollout::Random), &mut rng).unwrap();
                assert_eq!((choice.action, choice.iterations), (legal[0], 0));
                seen_single = true;
            }
            game.play_random(&mut rng);
        }
        assert!(seen_single);
        assert_eq!(
            search(&game, &threaded(500, 2, Rollout::Random), &mut rng),
            None
        );
    }

    #[test]
    fn threads_share_a_time_budget_of_the_same_wall_time() {
        let game = Julien::new(5, &single_deal()).unwrap();
        let limit = Duration::from_millis(30);
        let settings = Settings {
            budget: Budget::Time(limit),
            threads: 2,
            ..Settings::default()
        };
        let started = Instant::now();
        let choice = search(&game, &settings, &mut SplitMix64::new(5)).unwrap();
        assert!(choice.iterations > 0);
        assert!(started.elapsed() < limit * 10, "{:?}", started.elapsed());
    }

    #[test]
    fn a_time_budget_stops_the_search() {
        let game = Julien::new(5, &single_deal()).unwrap();
        let limit = Duration::from_millis(30);
        let settings = Settings {
            budget: Budget::Time(limit),
            ..Settings::default()
        };
        let started = Instant::now();
        let choice = search(&game, &settings, &mut SplitMix64::new(5)).unwrap();
        assert!(choice.iterations > 0);
        assert!(started.elapsed() < limit * 10, "{:?}", started.elapsed());
    }
}
