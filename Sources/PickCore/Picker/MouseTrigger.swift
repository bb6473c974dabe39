/// The mouse events a binding can name, as fzf 0.74 names them.
public enum MouseTrigger: String, Sendable, CaseIterable {
  case leftClick = "left-click"
  case rightClick = "right-click"
  case doubleClick = "double-click"
  case shiftLeftClick = "shift-left-click"
  case shiftRightClick = "shift-right-click"
  case scrollUp = "scroll-up"
  case scrollDown = "scroll-down"
  case shiftScrollUp = "shift-scroll-up"
  case shiftScrollDown = "shift-scroll-down"
  case previewScrollUp = "preview-scroll-up"
  case previewScrollDown = "preview-scroll-down"
}
