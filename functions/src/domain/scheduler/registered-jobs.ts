/**
 * Every job type of the platform, registered in one place so the dispatch Lambda loads them all.
 * None yet: scheduled messages and campaign shippings register here when their issues land.
 */
export {};
