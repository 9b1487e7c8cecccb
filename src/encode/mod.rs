//! CNF encodings: at-most-one, finite domains (one-hot and bit-vector), and the relations
//! between domain variables. Each family writes into a [`crate::cnf::Cnf`].

pub mod amo;
pub mod card;
pub mod domain;
pub mod pb;

pub use amo::Amo;
pub(crate) use card::Card;
pub use domain::{Domain, Encoding};
pub(crate) use pb::Pb;
