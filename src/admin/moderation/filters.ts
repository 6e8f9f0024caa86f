// The comment filters of the Moderation Manager and the list call they make: a
// filter left at 'all' is omitted from the call (docs/product.md, Shapes kept for older clients).
export const STATUS_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export const TYPE_FILTERS = ['all', 'images', 'stories'] as const;

export interface CommentFilters {
  status: (typeof STATUS_FILTERS)[number];
  type: (typeof TYPE_FILTERS)[number];
}

export const ALL_COMMENTS: CommentFilters = { status: 'all', type: 'all' };

export function commentListPath({ status, type }: CommentFilters): string {
  const query = new URLSearchParams();
  if (status !== 'all') query.set('status', status);
  if (type !== 'all') query.set('type', type);
  const search = query.toString();
  return `/api/admin/comments/list${search ? `?${search}` : ''}`;
}

/** 'pending' → 'Pending': the options' labels. */
export const filterLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
