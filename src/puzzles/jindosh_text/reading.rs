//! Reading one sentence: who is who and where, from the order of names, the words that
//! introduce a guest ("the lady from", "someone in"), seat words and relation words.
//!
//! A sentence is read left to right with a focus, the guest being described. A name joins the
//! focus; a guest-introducing noun or a relation word moves it; "her" after a relation word is
//! the guest before the focus. Anything that looks like a relation but is not one the reader
//! knows is an error, never skipped.

use super::cues::{Cue, Place, Rel, RelWords, Words};
use super::words::{Item, PERSON, ValueRef};

/// One guest of the sentence as far as the sentence describes her.
#[derive(Debug, Clone, Default)]
pub struct Guest {
    pub values: Vec<ValueRef>,
    /// Values the sentence denies her ("did not drink wine").
    pub not_values: Vec<ValueRef>,
    /// Her seat, and whether it is denied.
    pub place: Option<(Place, bool)>,
    /// Carried over from the previous sentence (the "her" a sentence may start with): her facts
    /// were stated there already.
    pub carried: bool,
}

/// "subject rel object", possibly denied.
#[derive(Debug, Clone, Copy)]
pub struct Link {
    pub rel: Rel,
    pub subject: usize,
    pub object: usize,
    pub not: bool,
}

#[derive(Debug, Default)]
pub struct Reading {
    pub guests: Vec<Guest>,
    pub links: Vec<Link>,
    /// The guest in focus at the end (the next sentence's "her").
    pub last: Option<usize>,
}

struct Reader {
    r: Reading,
    focus: Option<usize>,
    before: Option<usize>,
    /// A relation word waiting for its object (the subject, if known).
    want_object: Option<(Rel, Option<usize>, bool)>,
    /// "Next to Lady Winslow sat ...": a relation waiting for its subject.
    want_subject: Option<(Rel, usize, bool)>,
    negate: bool,
    /// The guest in focus stands only for a seat a relation named ("left of the center
    /// seat"): a name or a "the woman" after it may mean her or the guest before her, so the
    /// reader refuses to guess.
    seat_in_focus: bool,
    /// The subject and object of the relation the last guest completed ("Lady Winslow sat
    /// left of Madam Natsiou"), until another cue (values describing the object keep it:
    /// "someone in blue").
    completed: Option<(usize, usize)>,
    /// An `and` right after such a relation: the value after it could belong to either guest
    /// ("... and drank beer"), so the reader refuses to guess.
    and_after_link: Option<(usize, usize)>,
}

impl Reader {
    fn focus_on(&mut self, g: usize) {
        self.seat_in_focus = false;
        if self.focus != Some(g) {
            self.before = self.focus;
            self.focus = Some(g);
        }
    }

    fn new_guest(&mut self, guest: Guest) -> usize {
        self.r.guests.push(guest);
        self.r.guests.len() - 1
    }

    /// A guest has appeared: she completes a waiting relation, then takes the focus.
    fn arrive(&mut self, g: usize) {
        if let Some((rel, subject, not)) = self.want_object.take() {
            match subject {
                Some(s) => {
                    self.r.links.push(Link {
                        rel,
                        subject: s,
                        object: g,
                        not,
                    });
                    self.focus_on(g);
                    self.completed = Some((s, g));
                    return;
                }
                None => self.want_subject = Some((rel, g, not)),
            }
        } else if let Some((rel, object, not)) = self.want_subject.take() {
            self.r.links.push(Link {
                rel,
                subject: g,
                object,
                not,
            });
        }
        self.focus_on(g);
    }

    /// The guest of this sentence already named by `v` (a guest carried over from the previous
    /// sentence is reached through "her" only).
    fn holder(&self, v: ValueRef) -> Option<usize> {
        self.r
            .guests
            .iter()
            .position(|g| !g.carried && g.values.contains(&v))
    }

    fn value(&mut self, v: ValueRef) -> Result<(), String> {
        if let Some((subject, object)) = self.and_after_link.take()
            && v.cat != PERSON
            && self.holder(v).is_none()
        {
            return Err(format!(
                "cannot tell whose `{}` it is after `and`: {} or {}",
                v.name(),
                self.guest_words(subject),
                self.guest_words(object)
            ));
        }
        let waiting =
            self.want_object.is_some() || (self.want_subject.is_some() && v.cat == PERSON);
        if (waiting || self.focus.is_none()) && self.negate {
            return Err(format!(
                "cannot tell what `not` denies before `{}`",
                v.name()
            ));
        }
        if waiting {
            let g = match self.holder(v) {
                Some(g) => g,
                None => self.new_guest(Guest {
                    values: vec![v],
                    ..Guest::default()
                }),
            };
            self.arrive(g);
            return Ok(());
        }
        let Some(f) = self.focus else {
            let g = self.new_guest(Guest {
                values: vec![v],
                ..Guest::default()
            });
            self.arrive(g);
            return Ok(());
        };
        if self.seat_in_focus && self.holder(v).is_none() {
            return Err(format!(
                "cannot tell whose `{}` it is: the guest in the seat it names, or the one before",
                v.name()
            ));
        }
        if std::mem::take(&mut self.negate) {
            self.r.guests[f].not_values.push(v);
            return Ok(());
        }
        if let Some(g) = self.holder(v) {
            self.focus_on(g);
            return Ok(());
        }
        match self.r.guests[f].values.iter().find(|u| u.cat == v.cat) {
            None => self.r.guests[f].values.push(v),
            Some(_) if v.cat == PERSON => {
                // A second named guest is another guest.
                let g = self.new_guest(Guest {
                    values: vec![v],
                    ..Guest::default()
                });
                self.arrive(g);
            }
            Some(u) => {
                return Err(format!(
                    "it gives one guest both `{}` and `{}`",
                    u.name(),
                    v.name()
                ));
            }
        }
        Ok(())
    }

    /// A guest as the sentence named her, for error messages.
    fn guest_words(&self, g: usize) -> String {
        match self.r.guests[g].values.first() {
            Some(v) => format!("`{}`'s", v.name()),
            None => "the other guest's".into(),
        }
    }

    /// A word the reader has no cue for: only an `and` right after a completed relation
    /// matters.
    fn word(&mut self, word: &str) {
        if word == "and" {
            self.and_after_link = self.completed.take();
        }
    }

    fn cue(&mut self, cue: Cue, words: &Words, after: usize) -> Result<usize, String> {
        if !matches!(cue, Cue::Not) {
            self.completed = None;
            self.and_after_link = None;
        }
        match cue {
            Cue::Place(place) => {
                let not = std::mem::take(&mut self.negate);
                match self.focus {
                    Some(f) if self.want_object.is_none() && !self.r.guests[f].carried => {
                        let guest = &mut self.r.guests[f];
                        if guest.place.is_some() {
                            return Err("it gives one guest two seats".into());
                        }
                        guest.place = Some((place, not));
                    }
                    _ => {
                        let object = self.want_object.is_some();
                        let g = self.new_guest(Guest {
                            place: Some((place, not)),
                            ..Guest::default()
                        });
                        self.arrive(g);
                        self.seat_in_focus = object;
                    }
                }
                Ok(0)
            }
            Cue::Link(rel) | Cue::LinkToHer(rel) => {
                if self.want_object.is_some() || self.want_subject.is_some() {
                    return Err(format!("two relations in a row before `{}`", rel.words()));
                }
                let not = std::mem::take(&mut self.negate);
                let pronoun = match cue {
                    Cue::LinkToHer(_) => Some(0),
                    _ => words.object_pronoun(after),
                };
                match (pronoun, self.focus) {
                    (Some(len), focus) => {
                        let her = if focus.is_some() {
                            self.before
                        } else {
                            self.focus.or(self.before)
                        };
                        let Some(object) = her else {
                            return Err(format!(
                                "cannot tell who `her` is in `{} her`",
                                rel.words()
                            ));
                        };
                        match focus {
                            Some(f) if f != object => self.r.links.push(Link {
                                rel,
                                subject: f,
                                object,
                                not,
                            }),
                            Some(_) => return Err("cannot tell who `her` is".into()),
                            None => self.want_subject = Some((rel, object, not)),
                        }
                        Ok(len)
                    }
                    (None, focus) => {
                        self.want_object = Some((rel, focus, not));
                        Ok(0)
                    }
                }
            }
            Cue::Not => {
                if self.negate {
                    return Err("a double negative".into());
                }
                self.negate = true;
                Ok(0)
            }
            Cue::Guest { introduces } => {
                if self.want_object.is_some()
                    || self.want_subject.is_some()
                    || introduces
                    || self.focus.is_none()
                {
                    let g = self.new_guest(Guest::default());
                    self.arrive(g);
                } else if self.seat_in_focus {
                    return Err(
                        "cannot tell who the guest it names again is: the one in the seat it \
                         names, or the one before"
                            .into(),
                    );
                }
                Ok(0)
            }
            Cue::Unreadable(word) => Err(match word {
                "left" | "right" => format!("cannot tell what `{word}` says about whom"),
                "end" => "cannot tell which end is meant".into(),
                w if super::cues::denies(w) => format!("cannot tell what `{w}` leaves out"),
                _ => format!("`{word}` is not a relation the reader knows"),
            }),
        }
    }
}

/// Reads a sentence. `her` is the guest the previous sentence ended on, for a sentence that
/// begins "Next to her ...".
pub fn read(items: &[Item], her: Option<Guest>) -> Result<Reading, String> {
    let mut reader = Reader {
        r: Reading::default(),
        focus: None,
        before: None,
        want_object: None,
        want_subject: None,
        negate: false,
        seat_in_focus: false,
        completed: None,
        and_after_link: None,
    };
    if let Some(mut g) = her {
        g.carried = true;
        reader.r.guests.push(g);
        reader.before = Some(0);
    }
    let words = Words(items);
    let mut i = 0;
    while i < items.len() {
        if let Item::Value(v) = items[i] {
            reader.value(v)?;
            i += 1;
            continue;
        }
        match words.cue(i) {
            Some((cue, len)) => {
                let extra = reader.cue(cue, &words, i + len)?;
                i += len + extra;
            }
            None => {
                if let Item::Word(w) = &items[i] {
                    reader.word(w);
                }
                i += 1;
            }
        }
    }
    if let Some((rel, _, _)) = reader.want_object {
        return Err(format!("no guest follows `{}`", rel.words()));
    }
    if let Some((rel, _, _)) = reader.want_subject {
        return Err(format!("cannot tell who sat {}", rel.words()));
    }
    if reader.negate {
        return Err("cannot tell what `not` denies".into());
    }
    let carried = reader.r.guests.first().is_some_and(|g| g.carried);
    if words
        .0
        .windows(2)
        .any(|w| w == [Item::Word("each".into()), Item::Word("other".into())])
        && reader.r.guests.len() - usize::from(carried) > 2
    {
        return Err("`each other` among more than two guests".into());
    }
    reader.r.last = reader.focus;
    Ok(reader.r)
}
