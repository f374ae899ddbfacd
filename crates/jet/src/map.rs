//! Page usage maps: a row holding a bitmap of pages (type 0), or pointers to pages of bitmaps
//! (type 1).

use crate::{read_u32, Database, JetError, PAGE_SIZE};

/// Pages one bitmap page (type 0x05, after its 4-byte header) covers.
const PAGES_PER_MAP_PAGE: u32 = ((PAGE_SIZE - 4) * 8) as u32;

/// The pages a usage map (designated by a data pointer) marks, in ascending order.
pub(crate) fn read_map(db: &Database, pointer: u32, table: &str) -> Result<Vec<u32>, JetError> {
    let what = format!("the usage map of table {table}");
    let (start, end) = db.row_at(pointer, &what)?;
    let map = &db.bytes[start..end];
    let mut pages = Vec::new();
    match map.first() {
        Some(0) if map.len() >= 5 => {
            let first = read_u32(map, 1);
            for (i, byte) in map[5..].iter().enumerate() {
                for bit in 0..8 {
                    if byte & (1 << bit) != 0 {
                        pages.push(first + (i * 8 + bit) as u32);
                    }
                }
            }
        }
        Some(1) => {
            for (k, chunk) in map[1..].chunks_exact(4).enumerate() {
                let map_page = read_u32(chunk, 0);
                if map_page == 0 {
                    continue;
                }
                let p = db.page(map_page, &what)?;
                if p[0] != 0x05 {
                    return Err(JetError::Corrupt {
                        page: map_page,
                        what: format!("{what} points here, but this is not a usage map page"),
                    });
                }
                for (i, byte) in p[4..].iter().enumerate() {
                    for bit in 0..8 {
                        if byte & (1 << bit) != 0 {
                            pages.push(k as u32 * PAGES_PER_MAP_PAGE + (i * 8 + bit) as u32);
                        }
                    }
                }
            }
        }
        _ => {
            return Err(JetError::Corrupt {
                page: pointer >> 8,
                what: format!("{what} has an unknown map type"),
            })
        }
    }
    Ok(pages)
}

/// Marks or clears a page in a usage map. A page outside what the map can cover is refused.
pub(crate) fn set_page(
    db: &mut Database,
    pointer: u32,
    page: u32,
    used: bool,
    table: &str,
) -> Result<(), JetError> {
    let what = format!("the usage map of table {table}");
    let (start, end) = db.row_at(pointer, &what)?;
    let (byte_at, bit) = match db.bytes[start] {
        0 => {
            let first = read_u32(&db.bytes, start + 1);
            let bits = (end - start - 5) as u32 * 8;
            if page < first || page - first >= bits {
                return Err(JetError::CannotWrite {
                    table: table.to_string(),
                    what: format!(
                        "page {page} lies outside what its usage map covers (pages {first} to {})",
                        first + bits - 1
                    ),
                });
            }
            let i = page - first;
            (start + 5 + (i / 8) as usize, i % 8)
        }
        _ => {
            let k = (page / PAGES_PER_MAP_PAGE) as usize;
            let slot = start + 1 + 4 * k;
            let map_page = if slot + 4 <= end {
                read_u32(&db.bytes, slot)
            } else {
                0
            };
            if map_page == 0 {
                return Err(JetError::CannotWrite {
                    table: table.to_string(),
                    what: format!("page {page} lies outside the pages its usage map covers"),
                });
            }
            let i = page % PAGES_PER_MAP_PAGE;
            (map_page as usize * PAGE_SIZE + 4 + (i / 8) as usize, i % 8)
        }
    };
    if used {
        db.bytes[byte_at] |= 1 << bit;
    } else {
        db.bytes[byte_at] &= !(1 << bit);
    }
    Ok(())
}
