//! Table definition (TDEF) pages.

use crate::value::ColumnType;
use crate::{read_u16, read_u32, Database, JetError, PAGE_SIZE};

// Offsets in a Jet 4 table definition (mdbtools' HACKING.md, "Jet4 Table Definition Block").
const NUM_ROWS: usize = 16;
const MAX_COLS: usize = 41;
const NUM_VAR_COLS: usize = 43;
const NUM_COLS: usize = 45;
const NUM_IDX: usize = 47;
const NUM_REAL_IDX: usize = 51;
const USED_PAGES: usize = 55;
const FREE_PAGES: usize = 59;
const REAL_IDX_START: usize = 63;
const REAL_IDX_SIZE: usize = 12;
const COLUMN_SIZE: usize = 25;

/// A column of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub(crate) name: String,
    pub(crate) kind: ColumnType,
    /// Its number, counting deleted columns: its bit in the null mask.
    pub(crate) number: u16,
    /// Its place in the variable-length columns' offset table.
    pub(crate) var_index: u16,
    /// Its offset among the fixed-length columns.
    pub(crate) fixed_offset: u16,
    /// Its length in bytes (a Text column's maximum, two bytes a character).
    pub(crate) length: u16,
    pub(crate) fixed: bool,
    /// Text stored one byte a character when it can be ("Unicode compression").
    pub(crate) compressible: bool,
}

impl Column {
    /// The column's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The column's type.
    pub fn kind(&self) -> ColumnType {
        self.kind
    }

    /// The column's length in bytes as the definition gives it (for Text, twice the characters).
    pub fn length(&self) -> u16 {
        self.length
    }

    /// The most characters a Text column holds.
    pub fn max_chars(&self) -> usize {
        usize::from(self.length / 2)
    }
}

/// A table's definition.
#[derive(Debug, Clone)]
pub struct Table {
    pub(crate) name: String,
    pub(crate) tdef_page: u32,
    pub(crate) num_rows: u32,
    pub(crate) max_cols: u16,
    pub(crate) num_var_cols: u16,
    pub(crate) num_real_idx: u32,
    pub(crate) num_idx: u32,
    pub(crate) used_pages: u32,
    pub(crate) free_pages: u32,
    pub(crate) columns: Vec<Column>,
}

impl Table {
    /// The table's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The columns, in the order of their numbers (the order Access shows them).
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The row count the definition records.
    pub fn row_count(&self) -> u32 {
        self.num_rows
    }

    /// The number of indexes on the table.
    pub fn index_count(&self) -> u32 {
        self.num_idx.max(self.num_real_idx)
    }

    /// A column's position, by name (case-insensitive).
    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name))
    }

    pub(crate) fn read(db: &Database, name: &str, page: u32) -> Result<Table, JetError> {
        let def = definition_bytes(db, name, page)?;
        let corrupt = |what: String| JetError::Corrupt { page, what };
        if def.len() < REAL_IDX_START {
            return Err(corrupt(format!("the definition of {name} is too short")));
        }
        let num_cols = usize::from(read_u16(&def, NUM_COLS));
        let num_real_idx = read_u32(&def, NUM_REAL_IDX);
        let columns_start = REAL_IDX_START + num_real_idx as usize * REAL_IDX_SIZE;
        let names_start = columns_start + num_cols * COLUMN_SIZE;
        if names_start > def.len() {
            return Err(corrupt(format!(
                "the definition of {name} declares {num_cols} columns and {num_real_idx} indexes, more than it holds"
            )));
        }
        let mut columns = Vec::with_capacity(num_cols);
        let mut at = names_start;
        for i in 0..num_cols {
            let c = &def[columns_start + i * COLUMN_SIZE..][..COLUMN_SIZE];
            let len = def
                .get(at..at + 2)
                .map(|b| usize::from(read_u16(b, 0)))
                .ok_or_else(|| {
                    corrupt(format!("the definition of {name} ends in its column names"))
                })?;
            let raw = def.get(at + 2..at + 2 + len).ok_or_else(|| {
                corrupt(format!("the definition of {name} ends in its column names"))
            })?;
            at += 2 + len;
            let flags = c[15];
            columns.push(Column {
                name: crate::value::decode_text(raw),
                kind: ColumnType::from_byte(c[0]),
                number: read_u16(c, 5),
                var_index: read_u16(c, 7),
                fixed_offset: read_u16(c, 21),
                length: read_u16(c, 23),
                fixed: flags & 0x01 != 0,
                compressible: c[16] & 0x01 != 0,
            });
        }
        columns.sort_by_key(|c| c.number);
        Ok(Table {
            name: name.to_string(),
            tdef_page: page,
            num_rows: read_u32(&def, NUM_ROWS),
            max_cols: read_u16(&def, MAX_COLS),
            num_var_cols: read_u16(&def, NUM_VAR_COLS),
            num_real_idx,
            num_idx: read_u32(&def, NUM_IDX),
            used_pages: read_u32(&def, USED_PAGES),
            free_pages: read_u32(&def, FREE_PAGES),
            columns,
        })
    }

    /// Where the row count sits in the file.
    pub(crate) fn row_count_offset(&self) -> usize {
        self.tdef_page as usize * PAGE_SIZE + NUM_ROWS
    }
}

/// A definition's bytes: its first page, then each continuation page after its 8-byte header.
fn definition_bytes(db: &Database, name: &str, first: u32) -> Result<Vec<u8>, JetError> {
    let mut out = Vec::new();
    let mut page = first;
    let mut seen = 0;
    loop {
        let what = format!("the definition of table {name}");
        let p = db.page(page, &what)?;
        if p[0] != 0x02 {
            return Err(JetError::Corrupt {
                page,
                what: format!("{what} should be here, but the page has type {:#04x}", p[0]),
            });
        }
        out.extend_from_slice(if out.is_empty() { p } else { &p[8..] });
        page = read_u32(p, 4);
        seen += 1;
        if page == 0 {
            return Ok(out);
        }
        if seen > db.page_count() {
            return Err(JetError::Corrupt {
                page,
                what: format!("{what} loops through its continuation pages"),
            });
        }
    }
}

/// Removes a table's indexes: its definition is rewritten without them and the indexes' pages
/// are given back to the database's free pages. Rows written afterwards need no index update,
/// and no reader meets an index that disagrees with the rows.
pub(crate) fn drop_indexes(db: &mut Database, table: &Table) -> Result<(), JetError> {
    let def = definition_bytes(db, &table.name, table.tdef_page)?;
    let corrupt = |what: &str| JetError::Corrupt {
        page: table.tdef_page,
        what: format!("the definition of {}: {what}", table.name),
    };
    let num_cols = usize::from(read_u16(&def, NUM_COLS));
    let real = table.num_real_idx as usize;
    let logical = table.num_idx as usize;
    let columns_start = REAL_IDX_START + real * REAL_IDX_SIZE;
    let mut at = columns_start + num_cols * COLUMN_SIZE;
    for _ in 0..num_cols {
        at += 2 + usize::from(read_u16(&def, at));
    }
    let names_end = at;
    // Each physical index: 4 bytes, 10 (column, order) pairs, its usage map, its root page, flags.
    let mut index_maps = Vec::with_capacity(real);
    for r in 0..real {
        let e = def
            .get(names_end + 52 * r..names_end + 52 * (r + 1))
            .ok_or_else(|| corrupt("it ends in its indexes"))?;
        index_maps.push((read_u32(e, 34), read_u32(e, 38)));
    }
    at = names_end + 52 * real + 28 * logical;
    for _ in 0..logical {
        let len = def
            .get(at..at + 2)
            .ok_or_else(|| corrupt("it ends in its index names"))?;
        at += 2 + usize::from(read_u16(len, 0));
    }
    let end = read_u32(&def, 8) as usize;
    if at > end || end > def.len() {
        return Err(corrupt("its length disagrees with its indexes"));
    }
    let mut new = Vec::with_capacity(end);
    new.extend_from_slice(&def[..REAL_IDX_START]);
    new.extend_from_slice(&def[columns_start..names_end]);
    new.extend_from_slice(&def[at..end]);
    new[NUM_IDX..NUM_IDX + 4].fill(0);
    new[NUM_REAL_IDX..NUM_REAL_IDX + 4].fill(0);
    let len = new.len() as u32;
    new[8..12].copy_from_slice(&len.to_le_bytes());

    // The pages the old definition used, in chain order.
    let mut chain = vec![table.tdef_page];
    loop {
        let next = read_u32(
            db.page(*chain.last().expect("first"), "a table definition")?,
            4,
        );
        if next == 0 || chain.len() > db.page_count() as usize {
            break;
        }
        chain.push(next);
    }
    let mut pieces: Vec<Vec<u8>> = vec![new[..new.len().min(PAGE_SIZE)].to_vec()];
    let mut rest = &new[new.len().min(PAGE_SIZE)..];
    while !rest.is_empty() {
        let take = rest.len().min(PAGE_SIZE - 8);
        let mut piece = vec![0x02, 0x01, 0, 0, 0, 0, 0, 0];
        piece.extend_from_slice(&rest[..take]);
        pieces.push(piece);
        rest = &rest[take..];
    }
    if pieces.len() > chain.len() {
        return Err(corrupt("it would grow without its indexes"));
    }
    let mut freed: Vec<u32> = chain[pieces.len()..].to_vec();
    for (k, piece) in pieces.iter().enumerate() {
        let page = chain[k];
        let next = chain
            .get(k + 1)
            .filter(|_| k + 1 < pieces.len())
            .copied()
            .unwrap_or(0);
        let free = (PAGE_SIZE - piece.len()).saturating_sub(8) as u16;
        let base = page as usize * PAGE_SIZE;
        let p = &mut db.bytes[base..base + PAGE_SIZE];
        p.fill(0);
        p[..piece.len()].copy_from_slice(piece);
        p[2..4].copy_from_slice(&free.to_le_bytes());
        p[4..8].copy_from_slice(&next.to_le_bytes());
    }
    for (map_pointer, root) in index_maps {
        freed.push(root);
        if map_pointer != 0 {
            freed.extend(crate::map::read_map(db, map_pointer, &table.name)?);
        }
    }
    freed.sort_unstable();
    freed.dedup();
    for page in freed {
        if page == 0 || page >= db.page_count() || chain[..pieces.len()].contains(&page) {
            continue;
        }
        let base = page as usize * PAGE_SIZE;
        db.bytes[base..base + PAGE_SIZE].fill(0);
        crate::map::set_page(
            db,
            crate::row::GLOBAL_MAP,
            page,
            true,
            "(the database's free pages)",
        )?;
    }
    Ok(())
}
