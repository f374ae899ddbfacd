//! A player's name as registration takes it: written as the imports and FIDE's rating list
//! write names, `Surname, First names` with the surname in its usual case (`Roussel, Jean`), so
//! that a name typed in capitals on the public form (« ROUSSEL Jean », the French way of
//! marking the surname) does not stand out beside imported ones.
//!
//! ```
//! use store::chess::names::as_registered;
//! assert_eq!(as_registered("ROUSSEL Jean"), "Roussel, Jean");
//! assert_eq!(as_registered("Jean ROUSSEL"), "Roussel, Jean");
//! assert_eq!(as_registered("LE GOFF Anne-Marie"), "Le Goff, Anne-Marie");
//! assert_eq!(as_registered("DUPONT-MORETTI, JEAN-PIERRE"), "Dupont-Moretti, Jean-Pierre");
//! assert_eq!(as_registered("  D'ALEMBERT,   Jean "), "D'Alembert, Jean");
//! assert_eq!(as_registered("ÉMERY Zoé"), "Émery, Zoé");
//! // What says nothing of the surname is left as typed (blanks collapsed).
//! assert_eq!(as_registered("Jean  Roussel"), "Jean Roussel");
//! assert_eq!(as_registered("Lévy, Anne"), "Lévy, Anne");
//! assert_eq!(as_registered("ROUSSEL JEAN"), "Roussel Jean");
//! ```

/// A word or name in capitals: letters, none of them lower case.
fn in_capitals(s: &str) -> bool {
    s.chars().any(char::is_alphabetic) && !s.chars().any(char::is_lowercase)
}

/// `ROUSSEL` → `Roussel`, `LE GOFF` → `Le Goff`, `D'ALEMBERT` → `D'Alembert`: each part
/// between blanks, hyphens and apostrophes gets a capital initial.
fn usual_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut start = true;
    for c in s.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start = matches!(c, ' ' | '-' | '\'' | '’');
    }
    out
}

/// A part in its usual case when it was typed in capitals, else as typed.
fn cased(s: &str) -> String {
    if in_capitals(s) {
        usual_case(s)
    } else {
        s.to_string()
    }
}

/// The name as the registration keeps it (see the module).
pub fn as_registered(typed: &str) -> String {
    let words: Vec<&str> = typed.split_whitespace().collect();
    let collapsed = words.join(" ");
    if let Some((surname, first)) = collapsed.split_once(',') {
        let (surname, first) = (surname.trim(), first.trim());
        if first.is_empty() {
            return cased(surname);
        }
        return format!("{}, {}", cased(surname), cased(first));
    }
    if words.iter().all(|w| in_capitals(w)) {
        // No way to tell the surname: only the case.
        return usual_case(&collapsed);
    }
    // The surname is the words in capitals, first (« ROUSSEL Jean ») or last (« Jean ROUSSEL »).
    let leading = words.iter().take_while(|w| in_capitals(w)).count();
    let trailing = words.iter().rev().take_while(|w| in_capitals(w)).count();
    let (surname, first) = if leading > 0 {
        (&words[..leading], &words[leading..])
    } else if trailing > 0 {
        (
            &words[words.len() - trailing..],
            &words[..words.len() - trailing],
        )
    } else {
        return collapsed;
    };
    format!("{}, {}", usual_case(&surname.join(" ")), first.join(" "))
}
