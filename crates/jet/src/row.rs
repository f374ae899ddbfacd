//! Rows on data pages: reading (`crack`) and writing (`encode`, `replace_rows`).

use crate::map;
use crate::table::{Column, Table};
use crate::value::{decode_text, encode_text, ColumnType, Value};
use crate::{read_u16, read_u32, Database, JetError, PAGE_SIZE};

/// A Jet 4 data page's header: type, a constant, free space, definition page, 4 unknown bytes,
/// row count; then a 2-byte offset per row.
const DATA_HEADER: usize = 14;
/// Flags in a row offset: the row was deleted (or is the moved copy of a row, reached through its
/// pointer); the row holds a pointer to where the row now lives. (mdbtools' code reads them the
/// other way round, see the README.)
const DELETED: u16 = 0x8000;
const OVERFLOW: u16 = 0x4000;
const OFFSET_MASK: u16 = 0x1FFF;
/// Row numbers are one byte in data pointers.
const MAX_ROWS_PER_PAGE: usize = 255;

/// Every row slot of a data page: its start, its end (within the page) and its raw offset.
pub(crate) fn all_row_bounds(p: &[u8], page: u32) -> Result<Vec<(usize, usize, u16)>, JetError> {
    let n = usize::from(read_u16(p, 12));
    let table_end = DATA_HEADER + 2 * n;
    if table_end > PAGE_SIZE {
        return Err(JetError::Corrupt {
            page,
            what: format!("the data page claims {n} rows, more than a page holds"),
        });
    }
    let mut out = Vec::with_capacity(n);
    let mut end = PAGE_SIZE;
    for i in 0..n {
        let raw = read_u16(p, DATA_HEADER + 2 * i);
        let start = usize::from(raw & OFFSET_MASK);
        if start < table_end || start > end {
            return Err(JetError::Corrupt {
                page,
                what: format!("row {i} starts at offset {start}, outside {table_end}..{end}"),
            });
        }
        out.push((start, end, raw));
        end = start;
    }
    Ok(out)
}

/// The live rows of a data page as absolute byte ranges in the file (overflowed rows followed).
pub(crate) fn row_bounds(
    db: &Database,
    p: &[u8],
    page: u32,
) -> Result<Vec<(usize, usize)>, JetError> {
    let base = page as usize * PAGE_SIZE;
    let mut out = Vec::new();
    for (start, end, raw) in all_row_bounds(p, page)? {
        if raw & DELETED != 0 {
            continue;
        }
        if raw & OVERFLOW != 0 {
            if end - start < 4 {
                return Err(JetError::Corrupt {
                    page,
                    what: "an overflow row is shorter than its pointer".into(),
                });
            }
            out.push(db.row_at(read_u32(p, start), "an overflow row")?);
        } else {
            out.push((base + start, base + end));
        }
    }
    Ok(out)
}

/// The size a fixed-length column takes in a row.
fn fixed_size(c: &Column) -> usize {
    match c.kind {
        ColumnType::Bool => 0,
        ColumnType::Byte => 1,
        ColumnType::Int => 2,
        ColumnType::Long | ColumnType::Single => 4,
        ColumnType::Money | ColumnType::Double | ColumnType::DateTime => 8,
        ColumnType::Guid => 16,
        ColumnType::Numeric => 17,
        _ => usize::from(c.length),
    }
}

/// Reads a row: a value per column of the table.
pub(crate) fn crack(table: &Table, row: &[u8], page: u32) -> Result<Vec<Value>, JetError> {
    let corrupt = |what: String| JetError::Corrupt {
        page,
        what: format!("a row of table {}: {what}", table.name),
    };
    if row.len() < 3 {
        return Err(corrupt(format!("{} bytes, too short for a row", row.len())));
    }
    let num_cols = usize::from(read_u16(row, 0));
    let mask_len = num_cols.div_ceil(8);
    if mask_len + 2 > row.len() {
        return Err(corrupt(format!(
            "{num_cols} columns do not fit in {} bytes",
            row.len()
        )));
    }
    let mask = &row[row.len() - mask_len..];
    let present = |n: u16| {
        let n = usize::from(n);
        n < num_cols && mask[n / 8] & (1 << (n % 8)) != 0
    };
    // The offsets of the variable-length columns, and the end of their data.
    let mut var_offsets: Vec<usize> = Vec::new();
    if table.num_var_cols > 0 {
        let pos = row
            .len()
            .checked_sub(mask_len + 2)
            .ok_or_else(|| corrupt("no room for the variable columns' count".into()))?;
        let count = usize::from(read_u16(row, pos));
        if pos < 2 * (count + 1) {
            return Err(corrupt(format!(
                "{count} variable columns do not fit in the row"
            )));
        }
        for i in 0..=count {
            var_offsets.push(usize::from(read_u16(row, pos - 2 * (i + 1))));
        }
    }
    let mut values = Vec::with_capacity(table.columns.len());
    for c in &table.columns {
        if c.kind == ColumnType::Bool {
            values.push(Value::Bool(present(c.number)));
            continue;
        }
        if !present(c.number) {
            values.push(Value::Null);
            continue;
        }
        let bytes = if c.fixed {
            let start = 2 + usize::from(c.fixed_offset);
            row.get(start..start + fixed_size(c))
                .ok_or_else(|| corrupt(format!("column {} lies past the row's end", c.name)))?
        } else {
            let i = usize::from(c.var_index);
            if i + 1 >= var_offsets.len() {
                values.push(Value::Null);
                continue;
            }
            let (start, end) = (var_offsets[i], var_offsets[i + 1]);
            row.get(start..end)
                .ok_or_else(|| corrupt(format!("column {} lies outside the row", c.name)))?
        };
        values.push(decode(c, bytes));
    }
    Ok(values)
}

fn decode(c: &Column, b: &[u8]) -> Value {
    let size = match c.kind {
        ColumnType::Byte => 1,
        ColumnType::Int => 2,
        ColumnType::Long | ColumnType::Single => 4,
        ColumnType::Double | ColumnType::DateTime => 8,
        _ => 0,
    };
    // A damaged row whose value is shorter than its type is returned as stored.
    if b.len() < size {
        return Value::Raw(b.to_vec());
    }
    match c.kind {
        ColumnType::Byte => Value::Byte(b[0]),
        ColumnType::Int => Value::Int(i16::from_le_bytes([b[0], b[1]])),
        ColumnType::Long => Value::Long(i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        ColumnType::Single => Value::Single(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        ColumnType::Double => {
            Value::Double(f64::from_le_bytes(b[..8].try_into().expect("8 bytes")))
        }
        ColumnType::DateTime => {
            Value::DateTime(f64::from_le_bytes(b[..8].try_into().expect("8 bytes")))
        }
        ColumnType::Text => Value::Text(decode_text(b)),
        // A memo kept inside the row (flag 0x80 in its 12-byte header) is text; a memo on long
        // value pages, and every other type, is returned as stored.
        ColumnType::Memo if b.len() >= 12 && b[3] & 0x80 != 0 => {
            let len = (u32::from_le_bytes([b[0], b[1], b[2], 0])) as usize;
            Value::Text(decode_text(&b[12..(12 + len).min(b.len())]))
        }
        _ => Value::Raw(b.to_vec()),
    }
}

/// Writes a row of values (one per column) in the Jet 4 row layout: column count, fixed
/// columns, variable columns, end of data, variable offsets (last first), their count, null mask.
pub(crate) fn encode(table: &Table, values: &[Value], row_no: usize) -> Result<Vec<u8>, JetError> {
    let bad = |c: &Column, what: String| JetError::BadValue {
        table: table.name.clone(),
        row: row_no,
        column: c.name.clone(),
        what,
    };
    if values.len() != table.columns.len() {
        return Err(JetError::CannotWrite {
            table: table.name.clone(),
            what: format!(
                "row {row_no} has {} values for {} columns",
                values.len(),
                table.columns.len()
            ),
        });
    }
    let num_cols = table
        .columns
        .iter()
        .map(|c| usize::from(c.number) + 1)
        .max()
        .unwrap_or(0)
        .max(usize::from(table.max_cols));
    let fixed_len = table
        .columns
        .iter()
        .filter(|c| c.fixed)
        .map(|c| usize::from(c.fixed_offset) + fixed_size(c))
        .max()
        .unwrap_or(0);
    let mut mask = vec![0u8; num_cols.div_ceil(8)];
    let mut row = Vec::with_capacity(2 + fixed_len + 64);
    row.extend_from_slice(&(num_cols as u16).to_le_bytes());
    row.resize(2 + fixed_len, 0);
    let var_count = table
        .columns
        .iter()
        .filter(|c| !c.fixed)
        .map(|c| usize::from(c.var_index) + 1)
        .max()
        .unwrap_or(0);
    let mut var_data: Vec<Option<Vec<u8>>> = vec![None; var_count];
    for (c, v) in table.columns.iter().zip(values) {
        let mismatch = || bad(c, format!("a {} column cannot hold {v:?}", c.kind));
        let bytes: Option<Vec<u8>> = match (c.kind, v) {
            (_, Value::Null) => None,
            (ColumnType::Bool, Value::Bool(b)) => {
                if *b {
                    mask[usize::from(c.number) / 8] |= 1 << (c.number % 8);
                }
                continue;
            }
            (ColumnType::Byte, Value::Byte(b)) => Some(vec![*b]),
            (ColumnType::Int, Value::Int(i)) => Some(i.to_le_bytes().to_vec()),
            (ColumnType::Long, Value::Long(i)) => Some(i.to_le_bytes().to_vec()),
            (ColumnType::Single, Value::Single(x)) => Some(x.to_le_bytes().to_vec()),
            (ColumnType::Double, Value::Double(x)) | (ColumnType::DateTime, Value::DateTime(x)) => {
                Some(x.to_le_bytes().to_vec())
            }
            (ColumnType::Text, Value::Text(s)) => {
                let chars = s.encode_utf16().count();
                if chars > c.max_chars() {
                    return Err(bad(
                        c,
                        format!(
                            "{s:?} has {chars} characters, the column holds {}",
                            c.max_chars()
                        ),
                    ));
                }
                if c.fixed {
                    // A fixed-length text fills its length, padded with spaces as Access does.
                    let mut b = encode_text(s, false);
                    while b.len() < fixed_size(c) {
                        b.extend_from_slice(&[b' ', 0]);
                    }
                    Some(b)
                } else {
                    Some(encode_text(s, c.compressible))
                }
            }
            (_, Value::Raw(b)) if !matches!(c.kind, ColumnType::Bool) => {
                if c.fixed && b.len() != fixed_size(c) {
                    return Err(mismatch());
                }
                Some(b.clone())
            }
            _ => return Err(mismatch()),
        };
        let Some(bytes) = bytes else { continue };
        mask[usize::from(c.number) / 8] |= 1 << (c.number % 8);
        if c.fixed {
            let at = 2 + usize::from(c.fixed_offset);
            row[at..at + bytes.len()].copy_from_slice(&bytes);
        } else {
            var_data[usize::from(c.var_index)] = Some(bytes);
        }
    }
    if table.num_var_cols > 0 {
        let mut offsets = Vec::with_capacity(var_count + 1);
        for data in &var_data {
            offsets.push(row.len() as u16);
            if let Some(d) = data {
                row.extend_from_slice(d);
            }
        }
        offsets.push(row.len() as u16);
        for off in offsets.iter().rev() {
            row.extend_from_slice(&off.to_le_bytes());
        }
        row.extend_from_slice(&(var_count as u16).to_le_bytes());
    }
    row.extend_from_slice(&mask);
    Ok(row)
}

/// Replaces a table's rows (see [`Database::replace_rows`]).
pub(crate) fn replace_rows(
    db: &mut Database,
    table: &Table,
    rows: &[Vec<Value>],
) -> Result<(), JetError> {
    let cannot = |what: String| JetError::CannotWrite {
        table: table.name.clone(),
        what,
    };
    let reread;
    let table = if table.index_count() > 0 {
        crate::table::drop_indexes(db, table)?;
        reread = Table::read(db, &table.name, table.tdef_page)?;
        &reread
    } else {
        table
    };
    let encoded = rows
        .iter()
        .enumerate()
        .map(|(i, r)| encode(table, r, i + 1))
        .collect::<Result<Vec<_>, _>>()?;
    // Fill pages in order, each as full as it goes.
    let mut pages: Vec<Vec<&[u8]>> = Vec::new();
    let mut used = PAGE_SIZE;
    for (i, r) in encoded.iter().enumerate() {
        if DATA_HEADER + 2 + r.len() > PAGE_SIZE {
            return Err(cannot(format!(
                "row {} takes {} bytes, more than a page holds",
                i + 1,
                r.len()
            )));
        }
        match pages.last_mut() {
            Some(last) if used + 2 + r.len() <= PAGE_SIZE && last.len() < MAX_ROWS_PER_PAGE => {
                last.push(r);
                used += 2 + r.len();
            }
            _ => {
                pages.push(vec![r]);
                used = DATA_HEADER + 2 + r.len();
            }
        }
    }
    let mut owned = Vec::new();
    for page in map::read_map(db, table.used_pages, &table.name)? {
        if db.data_page_of(page, table.tdef_page)?.is_some() {
            owned.push(page);
        }
    }
    let mut targets = owned.clone();
    while targets.len() < pages.len() {
        let page = db.page_count();
        db.bytes.resize(db.bytes.len() + PAGE_SIZE, 0);
        map::set_page(db, table.used_pages, page, true, &table.name)?;
        map::set_page(db, GLOBAL_MAP, page, false, "(the database's free pages)")?;
        targets.push(page);
    }
    for (k, &page) in targets.iter().enumerate() {
        if let Some(content) = pages.get(k) {
            let free = write_data_page(db, page, table.tdef_page, content);
            map::set_page(db, table.free_pages, page, free > 0, &table.name)?;
        } else {
            // A page no longer needed goes back to the database (readers would see an empty
            // data page as a row of nulls).
            map::set_page(db, table.used_pages, page, false, &table.name)?;
            map::set_page(db, table.free_pages, page, false, &table.name)?;
            let base = page as usize * PAGE_SIZE;
            db.bytes[base..base + PAGE_SIZE].fill(0);
            map::set_page(db, GLOBAL_MAP, page, true, "(the database's free pages)")?;
        }
    }
    let at = table.row_count_offset();
    db.bytes[at..at + 4].copy_from_slice(&(rows.len() as u32).to_le_bytes());
    Ok(())
}

/// The database's map of free pages: row 0 of page 1 (a page set there is free for reuse, so a
/// page given to a table is cleared from it).
pub(crate) const GLOBAL_MAP: u32 = 1 << 8;

/// Writes a data page holding `rows`; returns its free space.
fn write_data_page(db: &mut Database, page: u32, tdef_page: u32, rows: &[&[u8]]) -> usize {
    let mut p = vec![0u8; PAGE_SIZE];
    p[0] = 0x01;
    p[1] = 0x01;
    p[4..8].copy_from_slice(&tdef_page.to_le_bytes());
    p[12..14].copy_from_slice(&(rows.len() as u16).to_le_bytes());
    let mut end = PAGE_SIZE;
    for (i, r) in rows.iter().enumerate() {
        let start = end - r.len();
        p[start..end].copy_from_slice(r);
        p[DATA_HEADER + 2 * i..][..2].copy_from_slice(&(start as u16).to_le_bytes());
        end = start;
    }
    let free = end - (DATA_HEADER + 2 * rows.len());
    p[2..4].copy_from_slice(&(free as u16).to_le_bytes());
    let base = page as usize * PAGE_SIZE;
    db.bytes[base..base + PAGE_SIZE].copy_from_slice(&p);
    free
}
