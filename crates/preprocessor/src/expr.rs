//! `#if` arithmetic as gcc does it: intmax_t/uintmax_t values with the usual conversions,
//! `defined`, `__has_include`, `__has_include_next`, `__has_attribute`, `__has_cpp_attribute`,
//! `__has_builtin`; short-circuit evaluation; identifiers are 0, `true` is 1.
use crate::engine::{Pp, Severity};
use crate::token::{Kind, PTok, Token};

#[derive(Clone, Copy, Debug)]
struct Val {
    v: u64,
    unsigned: bool,
}

#[derive(Clone, Debug)]
enum Item {
    Num(Val),
    Op(String),
}

const MAX_DEPTH: usize = 2000;

impl Pp<'_> {
    /// Evaluate the rest of an `#if`/`#elif` line.
    pub fn eval_if(&mut self) -> bool {
        let loc = self.st.directive_loc;
        let mut items: Vec<Item> = Vec::new();
        let mut raw_shape: Vec<String> = Vec::new();
        let mut from_file = true;
        loop {
            let t = self.get_token_no_padding();
            if t.tok.kind == Kind::Eof {
                break;
            }
            if !self.st.contexts.is_empty() {
                from_file = false;
            }
            match t.tok.kind {
                Kind::Ident => {
                    let name = t.tok.text;
                    match &*name {
                        "defined" => {
                            self.st.prevent_expansion += 1;
                            let mut n = self.get_token_no_padding();
                            let paren = n.tok.is_punct("(");
                            if paren {
                                n = self.get_token_no_padding();
                            }
                            let mut ok = n.tok.kind == Kind::Ident;
                            if paren && ok {
                                let c = self.get_token_no_padding();
                                ok = c.tok.is_punct(")");
                            }
                            self.st.prevent_expansion -= 1;
                            if !ok {
                                self.error_at(
                                    Severity::Error,
                                    n.loc,
                                    "operator \"defined\" requires an identifier",
                                );
                                return false;
                            }
                            raw_shape.push("defined".into());
                            raw_shape.push(n.tok.text.to_string());
                            let d = self.st.macros.contains_key(n.tok.text);
                            items.push(Item::Num(Val {
                                v: d as u64,
                                unsigned: false,
                            }));
                        }
                        "__has_include" | "__has_include_next" => {
                            let v = self.eval_has_include(&t, &*name == "__has_include_next");
                            let Some(v) = v else { return false };
                            raw_shape.push("x".into());
                            items.push(Item::Num(Val {
                                v: v as u64,
                                unsigned: false,
                            }));
                        }
                        "__has_attribute" | "__has_cpp_attribute" | "__has_builtin" => {
                            let Some(v) = self.eval_has_feature(&t) else {
                                return false;
                            };
                            raw_shape.push("x".into());
                            items.push(Item::Num(Val {
                                v: v as u64,
                                unsigned: false,
                            }));
                        }
                        "true" => items.push(Item::Num(Val {
                            v: 1,
                            unsigned: false,
                        })),
                        _ => {
                            raw_shape.push("x".into());
                            items.push(Item::Num(Val {
                                v: 0,
                                unsigned: false,
                            }));
                        }
                    }
                }
                Kind::Number => {
                    raw_shape.push("x".into());
                    match parse_number(&t.tok.text) {
                        Ok(v) => items.push(Item::Num(v)),
                        Err(m) => {
                            self.error_at(Severity::Error, t.loc, m);
                            return false;
                        }
                    }
                }
                Kind::Char { .. } => {
                    raw_shape.push("x".into());
                    items.push(Item::Num(char_value(&t.tok)));
                }
                Kind::Punct => {
                    raw_shape.push(t.tok.text.to_string());
                    items.push(Item::Op(
                        crate::token::canonical_punct(&t.tok.text).to_string(),
                    ));
                }
                _ => {
                    let loc = t.loc;
                    self.error_at(
                        Severity::Error,
                        loc,
                        format!(
                            "token \"{}\" is not valid in preprocessor expressions",
                            t.tok.text
                        ),
                    );
                    return false;
                }
            }
        }
        if from_file && raw_shape.len() == 3 && raw_shape[0] == "!" && raw_shape[1] == "defined" {
            self.st.mi_ind_cmacro = Some(crate::token::Sym::new(&raw_shape[2]));
        }
        if items.is_empty() {
            self.error_at(Severity::Error, loc, "#if with no expression");
            return false;
        }
        let mut parser = Parser {
            items: &items,
            pos: 0,
            error: None,
            depth: 0,
        };
        let v = parser.cond(true);
        if parser.error.is_none() && parser.pos < items.len() {
            parser.error = Some(match &items[parser.pos] {
                Item::Op(o) => format!("token \"{o}\" is not valid in preprocessor expressions"),
                Item::Num(_) => "missing binary operator before token".into(),
            });
        }
        if let Some(e) = parser.error {
            self.error_at(Severity::Error, loc, e);
            return false;
        }
        v.v != 0
    }

    fn eval_has_include(&mut self, name: &PTok, next: bool) -> Option<bool> {
        let open = self.get_token_no_padding();
        if !open.tok.is_punct("(") {
            self.error_at(
                Severity::Error,
                name.loc,
                "missing '(' before \"__has_include\" operand",
            );
            return None;
        }
        let header = self.parse_header_name(true);
        let close = self.get_token_no_padding();
        let Some((file, angled)) = header else {
            self.error_at(
                Severity::Error,
                name.loc,
                "operator \"__has_include\" requires a header-name",
            );
            return None;
        };
        if !close.tok.is_punct(")") {
            self.error_at(
                Severity::Error,
                name.loc,
                "missing ')' after \"__has_include\" operand",
            );
            return None;
        }
        let start = if next && !self.st.buffers.last().is_some_and(|b| b.is_main_or_cmdline) {
            Some(
                self.st
                    .buffers
                    .last()
                    .and_then(|b| b.dir)
                    .map_or(0, |d| d + 1),
            )
        } else {
            None
        };
        Some(self.search(&file, angled, start, 0).is_some())
    }

    fn eval_has_feature(&mut self, name: &PTok) -> Option<i64> {
        self.st.prevent_expansion += 1;
        let open = self.get_token_no_padding();
        if !open.tok.is_punct("(") {
            self.st.prevent_expansion -= 1;
            self.error_at(
                Severity::Error,
                name.loc,
                format!("missing '(' after \"{}\"", name.tok.text),
            );
            return None;
        }
        let mut parts = Vec::new();
        loop {
            let t = self.get_token_no_padding();
            if t.tok.is_punct(")") || t.tok.kind == Kind::Eof {
                break;
            }
            parts.push(t.tok.text.to_string());
        }
        self.st.prevent_expansion -= 1;
        let what = parts.concat();
        let table = match &*name.tok.text {
            "__has_builtin" => crate::predefined::Table::Builtin,
            "__has_cpp_attribute" => crate::predefined::Table::CppAttribute,
            _ => crate::predefined::Table::Attribute,
        };
        Some(crate::predefined::has_feature(
            table,
            &what,
            self.opts.cplusplus,
        ))
    }
}

fn parse_number(s: &str) -> Result<Val, String> {
    let t: String = s.chars().filter(|&c| c != '\'').collect();
    let lower = t.to_ascii_lowercase();
    let (digits, radix) = if let Some(r) = lower.strip_prefix("0x") {
        (r.to_string(), 16)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (r.to_string(), 2)
    } else if lower.starts_with('0') && lower.len() > 1 {
        (lower[1..].to_string(), 8)
    } else {
        (lower.clone(), 10)
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    let (num, suffix) = digits.split_at(end);
    let suffix_ok = matches!(
        suffix,
        "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu" | "z" | "uz" | "zu"
    );
    if !suffix_ok || (num.is_empty() && radix != 8) {
        if radix == 10 && (lower.contains('.') || lower.contains('e')) {
            return Err("floating constant in preprocessor expression".into());
        }
        return Err(format!("invalid suffix \"{suffix}\" on integer constant"));
    }
    let v = if num.is_empty() {
        0
    } else {
        u64::from_str_radix(num, radix)
            .map_err(|_| "integer constant is too large for its type".to_string())?
    };
    let unsigned = suffix.contains('u') || (v > i64::MAX as u64);
    Ok(Val { v, unsigned })
}

fn char_value(t: &Token) -> Val {
    let s = &*t.text;
    let start = s.find('\'').map_or(0, |i| i + 1);
    let end = s.rfind('\'').unwrap_or(s.len()).max(start);
    let inner = &s[start..end];
    let mut chars = inner.chars();
    let mut vals: Vec<u32> = Vec::new();
    while let Some(c) = chars.next() {
        if c != '\\' {
            vals.push(c as u32);
            continue;
        }
        let e = chars.next().unwrap_or('\\');
        let v = match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                let rest: String = chars
                    .clone()
                    .take(2)
                    .take_while(|c| c.is_digit(8))
                    .collect();
                for c in rest.chars() {
                    v = v * 8 + c.to_digit(8).unwrap_or(0);
                    chars.next();
                }
                v
            }
            'x' => {
                let rest: String = chars
                    .clone()
                    .take_while(|c| c.is_ascii_hexdigit())
                    .collect();
                for _ in 0..rest.len() {
                    chars.next();
                }
                u32::from_str_radix(&rest, 16).unwrap_or(0)
            }
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            'e' => 27,
            other => other as u32,
        };
        vals.push(v);
    }
    let plain = matches!(
        t.kind,
        Kind::Char {
            enc: crate::token::Enc::Plain,
            ..
        }
    );
    let v = if plain && vals.len() == 1 {
        // char is signed on x86-64.
        vals[0] as u8 as i8 as i64 as u64
    } else if plain {
        vals.iter()
            .fold(0u64, |acc, &c| (acc << 8) | (c as u64 & 0xff)) as u32 as i32 as i64
            as u64
    } else {
        vals.first().copied().unwrap_or(0) as u64
    };
    Val { v, unsigned: false }
}

struct Parser<'a> {
    items: &'a [Item],
    pos: usize,
    error: Option<String>,
    depth: usize,
}

fn prec(op: &str) -> Option<u8> {
    Some(match op {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" => 8,
        "<" | ">" | "<=" | ">=" => 7,
        "==" | "!=" => 6,
        "&" => 5,
        "^" => 4,
        "|" => 3,
        "&&" => 2,
        "||" => 1,
        _ => return None,
    })
}

impl Parser<'_> {
    fn fail(&mut self, m: impl Into<String>) -> Val {
        if self.error.is_none() {
            self.error = Some(m.into());
        }
        Val {
            v: 0,
            unsigned: false,
        }
    }

    fn peek_op(&self) -> Option<&str> {
        match self.items.get(self.pos) {
            Some(Item::Op(o)) => Some(o),
            _ => None,
        }
    }

    /// conditional-expression, with the comma operator at the top.
    fn cond(&mut self, eval: bool) -> Val {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail("#if expression nested too deeply");
        }
        let mut c = self.binary(0, eval);
        if self.peek_op() == Some("?") {
            self.pos += 1;
            let a = self.cond(eval && c.v != 0);
            if self.peek_op() != Some(":") {
                self.depth -= 1;
                return self.fail("'?' without following ':'");
            }
            self.pos += 1;
            let b = self.cond(eval && c.v == 0);
            let unsigned = a.unsigned || b.unsigned;
            c = Val {
                v: if c.v != 0 { a.v } else { b.v },
                unsigned,
            };
        }
        while self.depth == 1 && self.peek_op() == Some(",") {
            self.pos += 1;
            c = self.cond(eval);
        }
        self.depth -= 1;
        c
    }

    fn unary(&mut self, eval: bool) -> Val {
        if self.error.is_some() {
            return Val {
                v: 0,
                unsigned: false,
            };
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail("#if expression nested too deeply");
        }
        let r = match self.items.get(self.pos).cloned() {
            Some(Item::Num(v)) => {
                self.pos += 1;
                v
            }
            Some(Item::Op(o)) => {
                self.pos += 1;
                match o.as_str() {
                    "(" => {
                        let v = self.cond_inner(eval);
                        if self.peek_op() != Some(")") {
                            self.depth -= 1;
                            return self.fail("missing ')' in expression");
                        }
                        self.pos += 1;
                        v
                    }
                    "!" => {
                        let v = self.unary(eval);
                        Val {
                            v: (v.v == 0) as u64,
                            unsigned: false,
                        }
                    }
                    "~" => {
                        let v = self.unary(eval);
                        Val {
                            v: !v.v,
                            unsigned: v.unsigned,
                        }
                    }
                    "-" => {
                        let v = self.unary(eval);
                        Val {
                            v: v.v.wrapping_neg(),
                            unsigned: v.unsigned,
                        }
                    }
                    "+" => self.unary(eval),
                    _ => {
                        self.depth -= 1;
                        return self.fail(format!(
                            "token \"{o}\" is not valid in preprocessor expressions"
                        ));
                    }
                }
            }
            None => {
                self.depth -= 1;
                return self.fail("#if with no expression");
            }
        };
        self.depth -= 1;
        r
    }

    fn cond_inner(&mut self, eval: bool) -> Val {
        let saved = self.depth;
        self.depth += 1;
        let mut v = self.cond(eval);
        while self.peek_op() == Some(",") {
            self.pos += 1;
            v = self.cond(eval);
        }
        self.depth = saved;
        v
    }

    fn binary(&mut self, min: u8, eval: bool) -> Val {
        let mut lhs = self.unary(eval);
        loop {
            if self.error.is_some() {
                return lhs;
            }
            let Some(op) = self.peek_op().map(str::to_string) else {
                return lhs;
            };
            let Some(p) = prec(&op) else { return lhs };
            if p <= min {
                return lhs;
            }
            self.pos += 1;
            let rhs_eval = match op.as_str() {
                "&&" => eval && lhs.v != 0,
                "||" => eval && lhs.v == 0,
                _ => eval,
            };
            let rhs = self.binary(p, rhs_eval);
            lhs = self.apply(&op, lhs, rhs, rhs_eval);
        }
    }

    fn apply(&mut self, op: &str, a: Val, b: Val, eval: bool) -> Val {
        let unsigned = a.unsigned || b.unsigned;
        let (x, y) = (a.v, b.v);
        let (sx, sy) = (x as i64, y as i64);
        let boolean = |v: bool| Val {
            v: v as u64,
            unsigned: false,
        };
        match op {
            "*" => Val {
                v: x.wrapping_mul(y),
                unsigned,
            },
            "/" | "%" => {
                if y == 0 {
                    if eval {
                        return self.fail("division by zero in #if");
                    }
                    return Val { v: 0, unsigned };
                }
                let v = if unsigned {
                    if op == "/" { x / y } else { x % y }
                } else if op == "/" {
                    sx.wrapping_div(sy) as u64
                } else {
                    sx.wrapping_rem(sy) as u64
                };
                Val { v, unsigned }
            }
            "+" => Val {
                v: x.wrapping_add(y),
                unsigned,
            },
            "-" => Val {
                v: x.wrapping_sub(y),
                unsigned,
            },
            "<<" | ">>" => {
                let left = (op == "<<") != (!b.unsigned && sy < 0);
                let n = if !b.unsigned && sy < 0 {
                    sy.unsigned_abs()
                } else {
                    y
                };
                let v = if left {
                    if n >= 64 { 0 } else { x << n }
                } else if a.unsigned {
                    if n >= 64 { 0 } else { x >> n }
                } else if n >= 64 {
                    if sx < 0 { u64::MAX } else { 0 }
                } else {
                    (sx >> n) as u64
                };
                Val {
                    v,
                    unsigned: a.unsigned,
                }
            }
            "<" => boolean(if unsigned { x < y } else { sx < sy }),
            ">" => boolean(if unsigned { x > y } else { sx > sy }),
            "<=" => boolean(if unsigned { x <= y } else { sx <= sy }),
            ">=" => boolean(if unsigned { x >= y } else { sx >= sy }),
            "==" => boolean(x == y),
            "!=" => boolean(x != y),
            "&" => Val { v: x & y, unsigned },
            "^" => Val { v: x ^ y, unsigned },
            "|" => Val { v: x | y, unsigned },
            "&&" => boolean(x != 0 && y != 0),
            "||" => boolean(x != 0 || y != 0),
            _ => self.fail(format!(
                "token \"{op}\" is not valid in preprocessor expressions"
            )),
        }
    }
}
