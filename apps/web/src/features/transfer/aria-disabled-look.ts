/**
 * How the kit's disabled buttons look, for a button that is aria-disabled instead: it keeps the focus while an
 * export or upload runs, where `disabled` would drop it to the page.
 */
export const ariaDisabledLook = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
