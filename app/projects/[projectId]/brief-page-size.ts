/** Briefs per page on the project page, for the first page and each "Load more". */
export const BRIEF_PAGE_SIZE = 20;
