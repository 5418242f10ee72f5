//! The diagnostic pragmas of a preprocessed text (`#pragma nv_diag_suppress 177`,
//! `nv_diag_warning`, `nv_diag_error`, `nv_diag_remark`, `nv_diag_default`, `nv_diag_once`,
//! `nv_diagnostic push/pop`) and the execution-check pragmas (`nv_exec_check_disable`,
//! `hd_warning_disable`). gcc -E keeps pragma lines as they are; they are trivia in the tree,
//! so they are read from the text, by line.
use rustc_hash::FxHashMap;

use crate::messages;

/// What an option or pragma does to a discretionary diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Suppress,
    Warning,
    Error,
    Remark,
    /// Back to the command line's setting.
    Default,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Set(Vec<u32>, Action),
    Push,
    Pop,
}

/// The pragmas of one view, by offset.
#[derive(Debug, Clone, Default)]
pub struct Pragmas {
    events: Vec<(u32, Event)>,
    /// Offsets of `#pragma nv_exec_check_disable`.
    pub exec_check_disable: Vec<u32>,
    /// Offsets of `#pragma hd_warning_disable`.
    pub hd_warning_disable: Vec<u32>,
}

impl Pragmas {
    /// Whether a pragma names diagnostic `number`.
    pub fn mentions(&self, number: u32) -> bool {
        self.events
            .iter()
            .any(|(_, e)| matches!(e, Event::Set(numbers, _) if numbers.contains(&number)))
    }

    pub fn scan(text: &str) -> Pragmas {
        let mut p = Pragmas::default();
        let mut offset = 0u32;
        for line in text.split_inclusive('\n') {
            let at = offset;
            offset += line.len() as u32;
            let t = line.trim_start();
            let Some(rest) = t.strip_prefix("#pragma") else {
                continue;
            };
            let mut words = rest.split_whitespace();
            let Some(name) = words.next() else { continue };
            let args: Vec<u32> = rest
                .split(|c: char| c.is_whitespace() || c == ',')
                .skip_while(|w| w.is_empty() || *w != name)
                .skip(1)
                .filter(|w| !w.is_empty())
                .filter_map(messages::number_of)
                .collect();
            let action = match name.strip_prefix("nv_diag_").or(name.strip_prefix("diag_")) {
                Some("suppress") => Some(Action::Suppress),
                Some("warning") => Some(Action::Warning),
                Some("error") => Some(Action::Error),
                Some("remark") => Some(Action::Remark),
                Some("default") => Some(Action::Default),
                _ => None,
            };
            if let Some(action) = action {
                p.events.push((at, Event::Set(args, action)));
                continue;
            }
            match name {
                "nv_diagnostic" | "diagnostic" => match words.next() {
                    Some("push") => p.events.push((at, Event::Push)),
                    Some("pop") => p.events.push((at, Event::Pop)),
                    _ => {}
                },
                "nv_exec_check_disable" => p.exec_check_disable.push(at),
                "hd_warning_disable" => p.hd_warning_disable.push(at),
                _ => {}
            }
        }
        p
    }

    /// The action the pragmas before `offset` set for `number`, if any.
    pub fn action_at(&self, number: u32, offset: u32) -> Option<Action> {
        let mut state: FxHashMap<u32, Action> = FxHashMap::default();
        let mut stack = Vec::new();
        for (at, event) in &self.events {
            if *at >= offset {
                break;
            }
            match event {
                Event::Set(numbers, action) => {
                    for n in numbers {
                        state.insert(*n, *action);
                    }
                }
                Event::Push => stack.push(state.clone()),
                Event::Pop => state = stack.pop().unwrap_or_default(),
            }
        }
        match state.get(&number) {
            Some(Action::Default) | None => None,
            Some(a) => Some(*a),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pragmas_apply_from_their_line_on() {
        let text =
            "int a;\n#pragma nv_diag_suppress 177\nint b;\n#pragma nv_diag_default 177\nint c;\n";
        let p = Pragmas::scan(text);
        let at = |s: &str| text.find(s).unwrap() as u32;
        assert_eq!(p.action_at(177, at("int a")), None);
        assert_eq!(p.action_at(177, at("int b")), Some(Action::Suppress));
        assert_eq!(p.action_at(177, at("int c")), None);
    }
}
