// Every route of spec §2.
import { createBrowserRouter } from "react-router";
import { BoardPage } from "../features/board/components/board-page";

export const router = createBrowserRouter([{ path: "/", element: <BoardPage /> }]);
