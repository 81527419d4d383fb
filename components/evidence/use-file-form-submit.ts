"use client";

import { useState, type FormEvent } from "react";
import { fileProblem, pickedFile } from "./evidence-files";

/**
 * The submit of a form that may carry one file (evidence, a failed QA row): the form's own problem
 * or the file's is shown before anything is sent; an empty file field is left out; the form is
 * cleared once the write succeeds and kept as typed when it is refused. The error shown is the
 * form's own problem, else the server's.
 */
export function useFileFormSubmit({
  maxFileBytes,
  error,
  problemOf,
  complete,
  onSubmit,
}: {
  maxFileBytes: number;
  error: string | null;
  /** What is wrong with the fields other than the file, or null. */
  problemOf: (form: FormData, file: File | null) => string | null;
  /** Sets what the form sends beside its fields. */
  complete: (form: FormData) => void;
  onSubmit: (form: FormData) => Promise<boolean>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const file = pickedFile(form, "file");
    const found = problemOf(form, file) ?? fileProblem(file, maxFileBytes);
    setProblem(found);
    if (found) return;
    if (!file) form.delete("file");
    complete(form);
    if (await onSubmit(form)) element.reset();
  };
  return { submit, shownError: problem ?? error };
}
