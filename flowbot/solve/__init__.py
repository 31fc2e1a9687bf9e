"""flowbot.solve stage."""
