import type { ActivityAction } from '@momentum/contracts';

/** The fields a PATCH may change, as the issue holds them. */
export interface EditableIssue {
  title: string;
  description: string;
  status: string;
  priority: string;
  assigneeId: string | null;
  labels: string[];
  estimate: number | null;
  dueDate: string | null;
  parentId: string | null;
  sortOrder: number;
}
export type EditableField = keyof EditableIssue;

export interface FieldChange {
  action: ActivityAction;
  field: EditableField;
  oldValue: string | null;
  newValue: string | null;
}

/** A change as the activity records it: long values bounded, with their full lengths. */
export interface RecordedChange extends FieldChange {
  oldLength?: number;
  newLength?: number;
}

/** How much of a description an activity entry keeps. */
export const DESCRIPTION_KEPT = 200;

/**
 * A description change as recorded: each value's first DESCRIPTION_KEPT characters and an
 * ellipsis when longer, with both full lengths, so an entry stays small however long the
 * descriptions (up to 50,000 characters each) and however often they change. Other fields
 * are short and kept whole.
 */
export function recordedChange(change: FieldChange): RecordedChange {
  if (change.field !== 'description') return change;
  return {
    ...change,
    oldValue: bounded(change.oldValue),
    newValue: bounded(change.newValue),
    oldLength: change.oldValue?.length ?? 0,
    newLength: change.newValue?.length ?? 0,
  };
}

function bounded(value: string | null): string | null {
  if (value === null || value.length <= DESCRIPTION_KEPT) return value;
  // Not halfway through a surrogate pair.
  const cut = /[\uD800-\uDBFF]/.test(value[DESCRIPTION_KEPT - 1]!)
    ? DESCRIPTION_KEPT - 1
    : DESCRIPTION_KEPT;
  return `${value.slice(0, cut)}…`;
}

const actionOf: Record<EditableField, ActivityAction> = {
  title: 'title_changed',
  description: 'description_changed',
  status: 'status_changed',
  priority: 'priority_changed',
  assigneeId: 'assignee_changed',
  labels: 'labels_changed',
  estimate: 'estimate_changed',
  dueDate: 'due_date_changed',
  parentId: 'parent_changed',
  sortOrder: 'sort_order_changed',
};

const fieldOrder = Object.keys(actionOf) as EditableField[];

/**
 * The activity a PATCH produces: one entry per field whose value really changes, in a
 * fixed order. Values are strings as the spec's activity shape has them (labels
 * comma-joined, numbers in decimal); an absent value is null.
 */
export function diffIssue(before: EditableIssue, patch: Partial<EditableIssue>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fieldOrder) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const oldValue = asText(before[field]);
    const newValue = asText(patch[field]);
    if (oldValue === newValue) continue;
    changes.push({ action: actionOf[field], field, oldValue, newValue });
  }
  return changes;
}

export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}
