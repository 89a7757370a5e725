public enum PropertyHarnessPlaceholder {}
