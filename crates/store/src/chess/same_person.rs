//! Whether two entries are the same person: a registration already entered, a colleague's
//! entry made meanwhile.

use crate::chess::types::NewPlayer;

/// Why `a` may be the same person as `b`: the same FIDE id, the same licence, or the same name
/// (accents and case aside) and birth date.
pub(crate) fn same_person(a: &NewPlayer, b: &NewPlayer) -> Option<&'static str> {
    if a.fide_id.is_some() && a.fide_id == b.fide_id {
        return Some("fide_id");
    }
    if !a.national.licence.is_empty() && a.national.licence == b.national.licence {
        return Some("licence");
    }
    let name = |p: &NewPlayer| crate::csv::folded_words(&p.name).join(" ");
    (!a.birth_date.is_empty() && a.birth_date == b.birth_date && name(a) == name(b))
        .then_some("name_birth")
}
