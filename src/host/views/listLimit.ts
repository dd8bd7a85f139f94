/**
 * The most rows a list shows at once. Past it, *Load more* gives way to a row offering the list's filter and one
 * showing the rows after these *instead of* them: a list stays bounded however far the user pages (100,000-item
 * queues are real). A cap rather than releasing scrolled-away rows, because the tree API never says what scrolled
 * away: released rows would vanish under the user's scrollbar. The rows themselves (listLimitRows.ts) load with the
 * first list that reaches the limit. A whole number of pages (PagedNode's PAGE_SIZE, 50): a window ends where a page
 * does, and every page keeps its size (the idea service pages by number, page = skip / size + 1).
 */
export const LIST_LIMIT = 1_000;
