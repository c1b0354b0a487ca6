/** Back-office §9: lists switch to their phone layout below 992 px. */
export const MOBILE_LIST_QUERY = '(max-width: 991.95px)';
