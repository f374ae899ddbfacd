//! Read and write Microsoft Access (Jet 4) database files: the tables, their columns and rows.
//!
//! A Jet file is a sequence of 4 KB pages: the database definition (page 0), the table
//! definitions, the data pages holding the rows, and the usage maps saying which pages belong to
//! whom. [`Database`] reads the catalogue (`MSysObjects`), a table's definition and its rows, and
//! replaces a table's rows by new ones, keeping every other page of the file as it was: a file is
//! written by filling a template made by the program that owns the format (its system tables,
//! properties and empty tables stay that program's own). A table's indexes are removed when its
//! rows are replaced (rebuilding them needs Access's text sort order), so that no reader meets an
//! index that disagrees with the rows.
//!
//! The layout follows mdbtools' description of the format (its `HACKING.md`); see this crate's
//! README for what is read, what is written, and what is not supported.
//!
//! ```
//! # fn main() -> Result<(), jet::JetError> {
//! # let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../tournament/src/papi/empty.papi")).unwrap();
//! use jet::{Database, Value};
//!
//! let mut db = Database::from_bytes(bytes)?;
//! assert_eq!(db.table_names(), ["INFO", "JOUEUR", "RES"]);
//! let res = db.table("RES")?;
//! assert_eq!(res.columns()[1].name(), "Str");
//!
//! // Replace the rows of RES, then read them back.
//! let rows = vec![vec![Value::Long(7), Value::Text(" 1-0 ".into())]];
//! db.replace_rows("RES", &rows)?;
//! assert_eq!(db.rows("RES")?, rows);
//! # Ok(())
//! # }
//! ```

mod map;
mod row;
mod table;
mod value;

use thiserror::Error;

pub use table::{Column, Table};
pub use value::{ColumnType, Value};

/// The size of a Jet 4 page.
pub const PAGE_SIZE: usize = 4096;

/// The page holding the definition of the catalogue, `MSysObjects`.
const CATALOG_PAGE: u32 = 2;

/// What went wrong reading or writing a Jet file.
#[derive(Debug, Error, PartialEq)]
pub enum JetError {
    /// The bytes are not a Jet database at all.
    #[error("not a Microsoft Access (Jet) database: {0}")]
    NotJet(String),
    /// A Jet database of another version (Jet 3 is Access 97; 2 and above are ACE, .accdb).
    #[error(
        "Jet version byte {0:#04x} at offset 0x14: only Jet 4 (Access 2000-2003, 0x01) is read"
    )]
    UnsupportedVersion(u8),
    /// The file ends before a page it refers to.
    #[error("the file is truncated: {what} refers to page {page}, but the file has {pages} pages")]
    Truncated {
        /// What referred to the missing page.
        what: String,
        /// The page asked for.
        page: u32,
        /// The number of whole pages in the file.
        pages: u32,
    },
    /// A page does not hold what the structure pointing to it says.
    #[error("page {page}: {what}")]
    Corrupt {
        /// The page.
        page: u32,
        /// What was expected and found.
        what: String,
    },
    /// No table of that name.
    #[error("no table named {0:?} in the database")]
    NoSuchTable(String),
    /// A value that the column cannot hold.
    #[error("table {table}, row {row}, column {column}: {what}")]
    BadValue {
        /// The table.
        table: String,
        /// The row, from 1.
        row: usize,
        /// The column's name.
        column: String,
        /// What was expected and found.
        what: String,
    },
    /// A table this writer cannot fill.
    #[error("table {table}: {what}")]
    CannotWrite {
        /// The table.
        table: String,
        /// Why.
        what: String,
    },
}

/// A table of the catalogue.
#[derive(Debug, Clone)]
struct CatalogEntry {
    name: String,
    tdef_page: u32,
    system: bool,
}

/// A Jet 4 database held in memory.
#[derive(Debug, Clone)]
pub struct Database {
    bytes: Vec<u8>,
    catalog: Vec<CatalogEntry>,
}

impl Database {
    /// Reads a database from its bytes: checks the header and reads the catalogue.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Database, JetError> {
        if bytes.len() < 0x20 || &bytes[4..19] != b"Standard Jet DB" {
            let what = if bytes.len() >= 19 && &bytes[4..19] == b"Standard ACE DB" {
                "an Access 2007 or later file (.accdb, \"Standard ACE DB\")".to_string()
            } else if bytes.len() < 0x20 {
                format!("{} bytes, shorter than a database header", bytes.len())
            } else {
                "the header does not start with \"Standard Jet DB\" at offset 4".to_string()
            };
            return Err(JetError::NotJet(what));
        }
        if bytes[0] != 0x00 {
            return Err(JetError::NotJet(format!(
                "page 0 has type {:#04x}, a database definition page has 0x00",
                bytes[0]
            )));
        }
        if bytes[0x14] != 0x01 {
            return Err(JetError::UnsupportedVersion(bytes[0x14]));
        }
        if !bytes.len().is_multiple_of(PAGE_SIZE) {
            return Err(JetError::Corrupt {
                page: (bytes.len() / PAGE_SIZE) as u32,
                what: format!(
                    "the file is {} bytes, not a whole number of {PAGE_SIZE}-byte pages (truncated?)",
                    bytes.len()
                ),
            });
        }
        let mut db = Database {
            bytes,
            catalog: Vec::new(),
        };
        db.catalog = db.read_catalog()?;
        Ok(db)
    }

    /// The database's bytes, as a file holds them.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// The database's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The number of pages in the file.
    pub fn page_count(&self) -> u32 {
        (self.bytes.len() / PAGE_SIZE) as u32
    }

    /// The user tables' names, in catalogue order (system tables, `MSys…`, left out).
    pub fn table_names(&self) -> Vec<&str> {
        self.catalog
            .iter()
            .filter(|e| !e.system)
            .map(|e| e.name.as_str())
            .collect()
    }

    /// A table's definition, by name (case-insensitive, as Access compares names).
    pub fn table(&self, name: &str) -> Result<Table, JetError> {
        let entry = self
            .catalog
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| JetError::NoSuchTable(name.to_string()))?;
        Table::read(self, &entry.name, entry.tdef_page)
    }

    /// Every row of a table, each a value per column in the order of [`Table::columns`].
    pub fn rows(&self, name: &str) -> Result<Vec<Vec<Value>>, JetError> {
        let table = self.table(name)?;
        self.table_rows(&table)
    }

    /// Replaces every row of a table by `rows` (a value per column, in the order of
    /// [`Table::columns`]). The table's data pages are reused and new ones added at the end of the
    /// file; its row count and usage maps, and the database's page map, follow.
    pub fn replace_rows(&mut self, name: &str, rows: &[Vec<Value>]) -> Result<(), JetError> {
        let table = self.table(name)?;
        row::replace_rows(self, &table, rows)
    }

    fn table_rows(&self, table: &Table) -> Result<Vec<Vec<Value>>, JetError> {
        let mut rows = Vec::new();
        for page in map::read_map(self, table.used_pages, &table.name)? {
            let Some(p) = self.data_page_of(page, table.tdef_page)? else {
                continue;
            };
            for (start, end) in row::row_bounds(self, p, page)? {
                rows.push(row::crack(table, &self.bytes[start..end], page)?);
            }
        }
        Ok(rows)
    }

    /// The page, when it is a data page of the table defined at `tdef_page`.
    fn data_page_of(&self, page: u32, tdef_page: u32) -> Result<Option<&[u8]>, JetError> {
        let p = self.page(page, "a table's usage map")?;
        Ok((p[0] == 0x01 && read_u32(p, 4) == tdef_page).then_some(p))
    }

    fn page(&self, page: u32, what: &str) -> Result<&[u8], JetError> {
        let start = page as usize * PAGE_SIZE;
        self.bytes
            .get(start..start + PAGE_SIZE)
            .ok_or_else(|| JetError::Truncated {
                what: what.to_string(),
                page,
                pages: self.page_count(),
            })
    }

    /// The bytes of the row a data pointer (page << 8 | row) designates.
    fn row_at(&self, pointer: u32, what: &str) -> Result<(usize, usize), JetError> {
        let page = pointer >> 8;
        let index = (pointer & 0xFF) as usize;
        let p = self.page(page, what)?;
        if p[0] != 0x01 {
            return Err(JetError::Corrupt {
                page,
                what: format!("{what} points here, but this is not a data page"),
            });
        }
        let bounds = row::all_row_bounds(p, page)?;
        let (start, end, _) = *bounds.get(index).ok_or_else(|| JetError::Corrupt {
            page,
            what: format!(
                "{what} points to row {index}, the page has {}",
                bounds.len()
            ),
        })?;
        let base = page as usize * PAGE_SIZE;
        Ok((base + start, base + end))
    }

    fn read_catalog(&self) -> Result<Vec<CatalogEntry>, JetError> {
        let objects = Table::read(self, "MSysObjects", CATALOG_PAGE)?;
        let column = |name: &str| {
            objects.column_index(name).ok_or_else(|| JetError::Corrupt {
                page: CATALOG_PAGE,
                what: format!("the catalogue MSysObjects has no column {name}"),
            })
        };
        let (c_name, c_type, c_id, c_flags) = (
            column("Name")?,
            column("Type")?,
            column("Id")?,
            column("Flags")?,
        );
        let mut entries = Vec::new();
        for row in self.table_rows(&objects)? {
            // Type 1 is a local table; the low 24 bits of its id are its definition page.
            if row[c_type].as_i64() != Some(1) {
                continue;
            }
            let (Some(name), Some(id)) = (row[c_name].as_text(), row[c_id].as_i64()) else {
                continue;
            };
            let flags = row[c_flags].as_i64().unwrap_or(0) as u32;
            entries.push(CatalogEntry {
                name: name.to_string(),
                tdef_page: (id as u32) & 0x00FF_FFFF,
                system: flags & 0x8000_0002 != 0 || name.starts_with("MSys"),
            });
        }
        Ok(entries)
    }
}

pub(crate) fn read_u16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

pub(crate) fn read_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
