//! The constant evaluator.

/// The value of an integer literal's digits (decimal, `0x` hex, `0b` binary, `0` octal, digit
/// separators `'` allowed); `None` when it does not fit 128 bits.
pub fn parse_int(digits: &str) -> Option<u128> {
    let digits: String = digits.chars().filter(|c| *c != '\'').collect();
    let lower = digits.to_ascii_lowercase();
    let (radix, rest) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r)
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    u128::from_str_radix(rest, radix).ok()
}
