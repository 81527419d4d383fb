"use client";

import { useState } from "react";
import { IntentKeys } from "./intent-keys";

/** The component's intent keys (see IntentKeys), kept for its lifetime. */
export function useIntentKeys(): IntentKeys {
  const [keys] = useState(() => new IntentKeys());
  return keys;
}
