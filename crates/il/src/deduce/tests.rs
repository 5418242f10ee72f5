//! Deduction and argument typing over inline fixtures.
