"""Made-up screens for testing the reader: Flow boards drawn as phones, desktops
and web pages show them (``synthetic``), and screens with grids or dots that
hold no readable board (``decoys``).

Test and benchmark tools, also for users who want test screens; the reader
(``flowbot.vision``) does not use them.
"""
