/** The look every text-like control shares (input, select, textarea), so forms line up. */
export const controlClassName =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-rose-500 aria-invalid:ring-rose-100";

export const labelClassName = "block text-sm font-medium text-slate-700";
