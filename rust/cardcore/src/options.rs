//! Game options: each game lists its options once (name, kind, default, doc);
//! validation and defaults are done here for every game.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::json::{brief, serde_message};

#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    Bool {
        default: bool,
    },
    Int {
        default: i64,
        min: i64,
        max: i64,
    },
    /// An integer in range, or `None` (null).
    OptionalInt {
        min: i64,
        max: i64,
    },
    /// One of a few names, or `None` (null).
    OptionalChoice {
        choices: &'static [&'static str],
    },
    /// One of a few integers.
    IntChoice {
        default: i64,
        choices: &'static [i64],
    },
    /// One of a few names.
    Choice {
        default: &'static str,
        choices: &'static [&'static str],
    },
}

impl OptionKind {
    /// Whether the option takes values of this JSON type at all (in range or
    /// not): a value of another type is the wrong type rather than a bad value.
    pub fn takes_type_of(&self, value: &Value) -> bool {
        match self {
            OptionKind::Bool { .. } => value.is_boolean(),
            OptionKind::Int { .. } | OptionKind::IntChoice { .. } => {
                value.is_i64() || value.is_u64()
            }
            OptionKind::OptionalInt { .. } => value.is_null() || value.is_i64() || value.is_u64(),
            OptionKind::OptionalChoice { .. } => value.is_null() || value.is_string(),
            OptionKind::Choice { .. } => value.is_string(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    pub doc: &'static str,
}

impl OptionSpec {
    pub fn default_value(&self) -> Value {
        match self.kind {
            OptionKind::Bool { default } => Value::Bool(default),
            OptionKind::Int { default, .. } | OptionKind::IntChoice { default, .. } => {
                Value::from(default)
            }
            OptionKind::Choice { default, .. } => Value::from(default),
            OptionKind::OptionalInt { .. } | OptionKind::OptionalChoice { .. } => Value::Null,
        }
    }

    fn check(&self, value: &Value) -> Result<()> {
        let in_range = |min: i64, max: i64| match value.as_i64() {
            Some(n) if (min..=max).contains(&n) => Ok(()),
            Some(n) => Err(Error::option(
                self.name,
                format!("expected {min} to {max}, got {n}"),
            )),
            None => Err(Error::option(
                self.name,
                format!("expected an integer, got {}", brief(value)),
            )),
        };
        match (self.kind, value) {
            (OptionKind::Bool { .. }, Value::Bool(_)) => Ok(()),
            (OptionKind::Bool { .. }, _) => Err(Error::option(
                self.name,
                format!("expected true or false, got {}", brief(value)),
            )),
            (OptionKind::OptionalInt { .. } | OptionKind::OptionalChoice { .. }, Value::Null) => {
                Ok(())
            }
            (OptionKind::OptionalChoice { choices } | OptionKind::Choice { choices, .. }, _) => {
                match value.as_str() {
                    Some(name) if choices.contains(&name) => Ok(()),
                    _ => {
                        let none = matches!(self.kind, OptionKind::OptionalChoice { .. });
                        Err(Error::option(
                            self.name,
                            format!(
                                "expected one of {}{}, got {}",
                                choices.join(", "),
                                if none { " or None" } else { "" },
                                brief(value)
                            ),
                        ))
                    }
                }
            }
            (OptionKind::IntChoice { choices, .. }, _) => match value.as_i64() {
                Some(n) if choices.contains(&n) => Ok(()),
                _ => {
                    let names: Vec<String> = choices.iter().map(i64::to_string).collect();
                    Err(Error::option(
                        self.name,
                        format!("expected one of {}, got {}", names.join(", "), brief(value)),
                    ))
                }
            },
            (OptionKind::Int { min, max, .. } | OptionKind::OptionalInt { min, max }, _) => {
                in_range(min, max)
            }
        }
    }
}

/// Checks `given` against `specs` and returns every option, defaults filled in.
pub fn resolve(specs: &[OptionSpec], given: &Map<String, Value>) -> Result<Map<String, Value>> {
    if let Some(unknown) = given.keys().find(|k| !specs.iter().any(|s| s.name == *k)) {
        let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
        return Err(Error::option(
            unknown,
            format!("unknown option (known: {})", known.join(", ")),
        ));
    }
    let mut resolved = Map::new();
    for spec in specs {
        let value = given
            .get(spec.name)
            .cloned()
            .unwrap_or_else(|| spec.default_value());
        spec.check(&value)?;
        resolved.insert(spec.name.to_owned(), value);
    }
    Ok(resolved)
}

/// Checks `given` and reads it into a game's options type.
pub fn read<T: DeserializeOwned>(specs: &[OptionSpec], given: &Map<String, Value>) -> Result<T> {
    serde_json::from_value(Value::Object(resolve(specs, given)?))
        .map_err(|e| Error::option("options", serde_message(&e.to_string())))
}

/// Checks a saved state's options, read by serde, as a new game's are checked.
pub fn check_saved<T: Serialize>(specs: &[OptionSpec], options: &T) -> Result<()> {
    let Ok(Value::Object(given)) = serde_json::to_value(options) else {
        return Err(Error::json("options: expected an object"));
    };
    resolve(specs, &given)
        .map(|_| ())
        .map_err(|e| Error::json(format!("options: {e}")))
}

/// A saved state's options, read by serde: checked as a new game's are
/// ([`check_saved`]), then by the game's own rule on how they combine
/// (`combine`; `Ok` for a game with none).
pub fn read_saved<T: Serialize + Copy>(
    specs: &[OptionSpec],
    options: &T,
    combine: impl FnOnce(T) -> Result<T>,
) -> Result<T> {
    check_saved(specs, options)?;
    combine(*options).map_err(|e| Error::json(format!("options: {e}")))
}

/// The option every game has: stop after the first deal.
pub const SINGLE_DEAL: OptionSpec = OptionSpec {
    name: "single_deal",
    kind: OptionKind::Bool { default: false },
    doc: "end the game after its first deal",
};

/// The cap on a match's deals (docs/protocol.md, "Every match ends"), for a
/// game where a deal may be void (everybody passes) and dealt again: the most
/// deals dealt in a match, void ones included, after which it ends truncated.
pub const MAX_DEALS: OptionSpec = OptionSpec {
    name: "max_deals",
    kind: OptionKind::Int {
        default: DEFAULT_MAX_DEALS as i64,
        min: 1,
        max: DEFAULT_MAX_DEALS as i64,
    },
    doc: "the most deals dealt, void ones included: the match ends there, truncated",
};

/// [`MAX_DEALS`]'s default, also its largest value: far above any match
/// played to its end (a few deals to a few dozen), and low enough that the
/// largest state it allows (a thousand played deals of 500, about 2.5 MB)
/// loads with `from_json`'s default size limit.
pub const DEFAULT_MAX_DEALS: u16 = 1000;

/// [`MAX_DEALS`]'s default for serde: states saved before the option existed
/// read it.
pub const fn default_max_deals() -> u16 {
    DEFAULT_MAX_DEALS
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_value_of_another_type_is_told_apart_from_a_bad_value() {
        let int = OptionKind::Int {
            default: 1,
            min: 1,
            max: 3,
        };
        assert!(int.takes_type_of(&json!(99)));
        assert!(!int.takes_type_of(&json!(1.5)));
        assert!(!int.takes_type_of(&json!("1")));
        assert!(!int.takes_type_of(&Value::Null));
        let optional = OptionKind::OptionalInt { min: 0, max: 3 };
        assert!(optional.takes_type_of(&Value::Null));
        assert!(optional.takes_type_of(&json!(-7)));
        assert!(!optional.takes_type_of(&json!(true)));
        let choice = OptionKind::OptionalChoice { choices: &["a"] };
        assert!(choice.takes_type_of(&json!("zzz")));
        assert!(!choice.takes_type_of(&json!(3)));
        let flag = OptionKind::Bool { default: false };
        assert!(flag.takes_type_of(&json!(true)));
        assert!(!flag.takes_type_of(&json!(1)));
    }
}
