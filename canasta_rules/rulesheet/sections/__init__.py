"""The rule sheet's sections, a module each, which the builder (:mod:`..builder`) is composed of:
each of :mod:`.deal`, :mod:`.turn`, :mod:`.melds`, :mod:`.pile`, :mod:`.threes`,
:mod:`.going_out`, :mod:`.scoring` and :mod:`.game` writes one section of the full sheet, and
:mod:`.card` the quick reference, each as a mixin class; :mod:`.tables` holds the tables both the
full sheet and the quick reference show, and :mod:`.base` what every section shares (the
variant, and the ways to write a sentence).
"""
