import { notFound } from "next/navigation";
import { DomainError } from "@/lib/errors";

/**
 * For pages: a project or brief the reader may not see answers 404, exactly like one that does
 * not exist (PROJECT_ACCESS_DENIED carries no existence oracle, and neither does the page).
 */
export async function notFoundIfDenied<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.code === "PROJECT_ACCESS_DENIED") notFound();
    throw error;
  }
}
