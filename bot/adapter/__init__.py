"""The Discord adapter: commands, the component router, controls, words and pictures,
and the delivery of the core's effects with one failure policy. It imports the core;
the core never imports it."""
