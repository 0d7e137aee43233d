/** The signed-in layout's route id: the server menu's routes are attached under it. */
export const LAYOUT_ROUTE_ID = 'layout';
